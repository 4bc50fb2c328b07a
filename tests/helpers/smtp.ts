/**
 * A real SMTP receiver for tests (the `smtp-server` package): the server under
 * test delivers over SMTP exactly as in production, and tests read the codes
 * and links from what arrived. Plain SMTP on 127.0.0.1, no TLS, no auth.
 */
import { SMTPServer } from 'smtp-server';
import { freePort } from './server';

export interface ReceivedMail {
	to: string[];
	from: string;
	subject: string;
	text: string;
	html: string;
	raw: string;
}

export interface SmtpReceiver {
	url: string;
	messages: ReceivedMail[];
	/** Resolves with the first message (already received or arriving later) that matches. */
	waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
	/** The newest message to `address` received after `since` messages. */
	next(address: string, since?: number, timeoutMs?: number): Promise<ReceivedMail>;
	/** While on, every message is refused with a permanent SMTP error (mail-failure tests). */
	refuse(on: boolean): void;
	/** Holds every accepted message this long before answering the DATA command (a slow mail server); 0 = answer at once. */
	delay(ms: number): void;
	stop(): Promise<void>;
}

function unfoldHeaders(block: string): Map<string, string> {
	const headers = new Map<string, string>();
	for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
		const colon = line.indexOf(':');
		if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
	}
	return headers;
}

function decodeQuotedPrintable(s: string): string {
	const soft = s.replace(/=\r?\n/g, '');
	const bytes: number[] = [];
	for (let i = 0; i < soft.length; i++) {
		if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
			bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
			i += 2;
		} else {
			bytes.push(...Buffer.from(soft[i]!, 'utf8'));
		}
	}
	return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
	const e = (encoding ?? '7bit').toLowerCase();
	if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
	if (e === 'quoted-printable') return decodeQuotedPrintable(body);
	return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`). */
export function decodeHeader(value: string): string {
	return value
		.replace(/\?=\s+=\?/g, '?==?')
		.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
			kind.toUpperCase() === 'B'
				? Buffer.from(text, 'base64').toString('utf8')
				: decodeQuotedPrintable(text.replace(/_/g, ' '))
		);
}

/** A top-level header of a received message, unfolded and decoded (`List-Unsubscribe` …); undefined when absent. */
export function mailHeader(mail: ReceivedMail, name: string): string | undefined {
	const value = unfoldHeaders(mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n'))).get(name.toLowerCase());
	return value === undefined ? undefined : decodeHeader(value);
}

function parse(raw: string): { subject: string; text: string; html: string } {
	const split = raw.indexOf('\r\n\r\n');
	const headers = unfoldHeaders(raw.slice(0, split));
	const body = raw.slice(split + 4);
	const subject = decodeHeader(headers.get('subject') ?? '');
	const out = { subject, text: '', html: '' };
	const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
	const parts = boundary
		? body.split(`--${boundary}`).slice(1, -1)
		: [`Content-Type: ${headers.get('content-type') ?? 'text/plain'}\r\nContent-Transfer-Encoding: ${headers.get('content-transfer-encoding') ?? '7bit'}\r\n\r\n${body}`];
	for (const part of parts) {
		const p = part.replace(/^\r\n/, '');
		const at = p.indexOf('\r\n\r\n');
		const h = unfoldHeaders(p.slice(0, at));
		const content = decodeBody(p.slice(at + 4), h.get('content-transfer-encoding'));
		if ((h.get('content-type') ?? '').startsWith('text/html')) out.html = content;
		else if ((h.get('content-type') ?? '').startsWith('text/plain')) out.text = content;
	}
	return out;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
	const messages: ReceivedMail[] = [];
	const waiters = new Set<() => void>();
	let refusing = false;
	let delayMs = 0;
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['AUTH', 'STARTTLS'],
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = [];
			stream.on('data', (c: Buffer) => chunks.push(c));
			stream.on('end', async () => {
				if (refusing) return callback(Object.assign(new Error('Mailbox unavailable (test)'), { responseCode: 550 }));
				if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
				const raw = Buffer.concat(chunks).toString('utf8');
				messages.push({
					to: session.envelope.rcptTo.map((r) => r.address),
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					raw,
					...parse(raw)
				});
				for (const wake of waiters) wake();
				callback();
			});
		}
	});
	const port = await freePort();
	await new Promise<void>((res, rej) => {
		server.once('error', rej);
		server.listen(port, '127.0.0.1', () => res());
	});

	const waitFor = (match: (m: ReceivedMail) => boolean, timeoutMs = 10_000) =>
		new Promise<ReceivedMail>((resolve, reject) => {
			const check = () => {
				const found = messages.find(match);
				if (!found) return false;
				waiters.delete(check);
				clearTimeout(timer);
				resolve(found);
				return true;
			};
			const timer = setTimeout(() => {
				waiters.delete(check);
				reject(new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`));
			}, timeoutMs);
			if (!check()) waiters.add(check);
		});

	return {
		url: `smtp://127.0.0.1:${port}`,
		messages,
		waitFor,
		next: (address, since = 0, timeoutMs) =>
			waitFor((m) => messages.indexOf(m) >= since && m.to.includes(address), timeoutMs),
		refuse: (on) => {
			refusing = on;
		},
		delay: (ms) => {
			delayMs = ms;
		},
		stop: () => new Promise<void>((res) => server.close(() => res()))
	};
}
