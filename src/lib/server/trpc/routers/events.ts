/** The live event stream (REST `Events`): wiring only; the stream lives in src/lib/server/events. */
import { EventStreamQuery } from '../../../contracts/events';
import { AppError } from '../../errors/app-error';
import { streamsOf } from '../../events/hub';
import { openEventStream } from '../../events/stream';
import { route, router } from '../init';
import { docs } from './events.docs';

const LAST_EVENT_ID = /^[0-9]{1,18}$/;
/** Open streams one person may hold on one process: a tab each, and a cap so one account cannot hold the memory of thousands. */
const MAX_STREAMS_PER_PERSON = 16;

export const eventsRouter = router({
	stream: route({ openapi: { method: 'GET', path: '/api/v1/events', envelope: 'stream', auth: 'session', ...docs.stream } })
		.input(EventStreamQuery)
		.query(({ ctx, input }) => {
			const header = ctx.request.headers.get('last-event-id')?.trim() || undefined;
			if (header !== undefined && !LAST_EVENT_ID.test(header)) {
				throw new AppError('validation_error', 'Last-Event-ID phải là số thứ tự của một sự kiện.');
			}
			const from = header ?? input?.lastEventId;
			const session = ctx.session;
			if (streamsOf(session.user.id) >= MAX_STREAMS_PER_PERSON) {
				// EventSource gives up on a 429 and the site's client polls instead (src/lib/live/events.ts).
				throw new AppError('rate_limited', 'Bạn đang mở quá nhiều kết nối trực tiếp. Hãy đóng bớt các thẻ trang rồi thử lại.', { retryAfterSeconds: 60 });
			}
			return openEventStream({ sessionId: session.id, userId: session.user.id, expiresAt: session.expiresAt }, from === undefined ? undefined : BigInt(from));
		})
});
