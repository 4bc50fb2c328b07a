import { z } from 'zod';

/** Query of GET /api/v1/events: where to resume when the `Last-Event-ID` header cannot be sent (the header wins). */
export const EventStreamQuery = z
	.object({
		lastEventId: z
			.string()
			.regex(/^[0-9]{1,18}$/, 'lastEventId phải là số thứ tự của một sự kiện.')
			.optional()
			.describe('The `id:` of the last event received; the header `Last-Event-ID` wins when both are sent.')
	})
	.optional();

/** The `data:` of a `message` event (conversations): what a client needs to show it without a fetch. */
export interface LiveMessageEvent {
	conversationId: string;
	message: unknown;
}
