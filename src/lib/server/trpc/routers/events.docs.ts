/** What /openapi.json says about the routes of ./events.ts (docs/architecture.md#one-route-builder): summaries, descriptions, documented errors, examples. */
import type { RouterDocs } from '../../rest/meta';

export const docs = {
	stream: {
		scopes: ['notifications:read'],
		summary: 'Live event stream (Server-Sent Events)',
		description:
			'The signed-in account\'s events as they happen, as `text/event-stream` (open it with `EventSource`; it sends the session cookie). Each event has an `id:` that grows by one per account, an `event:` type and one line of JSON `data:`: `notification` (a new notification, in the shape `GET /api/v1/notifications` lists it), `message` (a conversation message: `{ conversationId, message }`), and `resync` (events after your `Last-Event-ID` are too old to replay: reload what you show). Reconnecting with `Last-Event-ID` (browsers send it themselves) replays every event after it, none twice. One account may hold 16 streams open on one server (a tab each); more answer 429. The stream begins with `retry:` advice, sends a comment line as a heartbeat every few seconds, and ends when the session ends (sign-out, revocation, a disabled account) or the server shuts down; when it cannot be kept open, poll `GET /api/v1/notifications`.',
		tags: ['Events'],
		requestHeaders: { 'Last-Event-ID': 'The `id:` of the last event received: the stream resumes after it.' },
		errors: { 400: ['validation_error'], 401: ['unauthenticated'], 429: ['rate_limited'], 503: ['service_unavailable'] },
		example:
			'retry: 3000\n\n: ready\n\nid: 42\nevent: notification\ndata: {"id":"4213","kind":"order.refunded","group":"money","title":"Đơn hàng DH100227 đã được hoàn tiền","body":"45.000 ₫ đã được hoàn vào ví chính của bạn.","link":"/thanh-toan/6f1c2a9e-0000-4000-8000-000000000000","createdAt":"2026-11-20T08:30:00.000Z","readAt":null}\n\n: ping\n\n'
	}
} satisfies RouterDocs;
