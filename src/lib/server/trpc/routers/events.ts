/** The live event stream (REST `Events`): wiring only; the stream lives in src/lib/server/events. */
import { EventStreamQuery } from '../../../contracts/events';
import { AppError } from '../../errors/app-error';
import { streamsOf } from '../../events/hub';
import { openEventStream } from '../../events/stream';
import { route, router } from '../init';

const LAST_EVENT_ID = /^[0-9]{1,18}$/;
/** Open streams one person may hold on one process: a tab each, and a cap so one account cannot hold the memory of thousands. */
const MAX_STREAMS_PER_PERSON = 16;

export const eventsRouter = router({
	stream: route({
		openapi: {
			method: 'GET',
			path: '/api/v1/events',
			scopes: ['notifications:read'],
			summary: 'Live event stream (Server-Sent Events)',
			description:
				'The signed-in account\'s events as they happen, as `text/event-stream` (open it with `EventSource`; it sends the session cookie). Each event has an `id:` that grows by one per account, an `event:` type and one line of JSON `data:`: `notification` (a new notification, in the shape `GET /api/v1/notifications` lists it), `message` (a conversation message: `{ conversationId, message }`), and `resync` (events after your `Last-Event-ID` are too old to replay: reload what you show). Reconnecting with `Last-Event-ID` (browsers send it themselves) replays every event after it, none twice. One account may hold 16 streams open on one server (a tab each); more answer 429. The stream begins with `retry:` advice, sends a comment line as a heartbeat every few seconds, and ends when the session ends (sign-out, revocation, a disabled account) or the server shuts down; when it cannot be kept open, poll `GET /api/v1/notifications`.',
			tags: ['Events'],
			envelope: 'stream',
			auth: 'session',
			requestHeaders: { 'Last-Event-ID': 'The `id:` of the last event received: the stream resumes after it.' },
			errors: { 400: ['validation_error'], 401: ['unauthenticated'], 429: ['rate_limited'], 503: ['service_unavailable'] },
			example:
				'retry: 3000\n\n: ready\n\nid: 42\nevent: notification\ndata: {"id":"4213","kind":"order.refunded","group":"money","title":"Đơn hàng DH100227 đã được hoàn tiền","body":"45.000 ₫ đã được hoàn vào ví chính của bạn.","link":"/thanh-toan/6f1c2a9e-0000-4000-8000-000000000000","createdAt":"2026-11-20T08:30:00.000Z","readAt":null}\n\n: ping\n\n'
		}
	})
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
