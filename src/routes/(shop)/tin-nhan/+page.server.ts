import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { MessageBody, ReportMessageInput } from '$lib/contracts/conversations';
import { config } from '$lib/server/config';
import { formAction } from '$lib/server/forms';
import { requireSignIn } from '$lib/server/page-guards';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';

const LIST_SIZE = 30;
const MESSAGES_SIZE = 50;

/** `?c=` opens a conversation (and reads it to the end); without it the page is the list. */
export const load: PageServerLoad = async (event) => {
	requireSignIn(event);
	// A live message in another conversation reloads the list (+page.svelte).
	event.depends('app:conversations');
	const caller = serverCaller(event);
	const id = event.url.searchParams.get('c');
	const list = await caller.conversations.list({ pageSize: LIST_SIZE }).catch(throwPageError);
	const attachmentMaxBytes = config().conversations.attachmentMaxBytes;
	if (!id) return { list, open: null, attachmentMaxBytes };
	const [conversation, messages] = await Promise.all([caller.conversations.get({ id }), caller.conversations.messages({ id, pageSize: MESSAGES_SIZE })]).catch(throwPageError);
	const read = await caller.conversations.markRead({ id }).catch(throwPageError);
	const items = list.items.map((c) => (c.id === id ? { ...c, unreadCount: read.unreadCount } : c));
	return { list: { ...list, items }, open: { conversation: { ...conversation, unreadCount: 0 }, messages }, attachmentMaxBytes };
};

const conversationId = z.uuid();

export const actions = {
	send: async (event) => {
		requireSignIn(event);
		const id = conversationId.safeParse(event.url.searchParams.get('c'));
		// The composer's attachments arrive as one field of verified upload ids, comma-separated (AttachmentPicker.svelte).
		const form = z.object({ body: MessageBody.optional(), attachmentIds: z.string().max(200).optional() });
		const outcome = await formAction(event, form, (input) =>
			serverCaller(event).conversations.send({
				id: id.success ? id.data : '',
				body: input.body,
				attachmentIds: input.attachmentIds ? input.attachmentIds.split(',') : undefined
			})
		);
		return outcome.ok ? { sent: outcome.value.id } : outcome.failure;
	},
	report: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, ReportMessageInput, (input) => serverCaller(event).conversations.report(input));
		return outcome.ok ? { reported: true } : outcome.failure;
	},
	block: async (event) => {
		requireSignIn(event);
		const outcome = await formAction(event, z.object({ id: z.uuid(), blocked: z.enum(['true', 'false']) }), (input) =>
			serverCaller(event).conversations.block({ id: input.id, blocked: input.blocked === 'true' })
		);
		return outcome.ok ? { blocked: outcome.value.blocked } : outcome.failure;
	}
} satisfies Actions;
