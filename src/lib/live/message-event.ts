/** Reading the live `message` event (`{ conversationId, message }`, ADR 020) on the client. */
interface MessageEvent {
	conversationId?: string;
	message?: { senderId?: string };
}

export function conversationOf(event: unknown): string | undefined {
	return (event as MessageEvent | null)?.conversationId;
}

/** True unless the message is the reader's own (sent from this tab or another of theirs). */
export function fromSomeoneElse(event: unknown, myId: string | undefined): boolean {
	return (event as MessageEvent | null)?.message?.senderId !== myId;
}
