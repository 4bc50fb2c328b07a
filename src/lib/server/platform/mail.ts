/**
 * Outgoing mail (docs/architecture.md#sessions): nodemailer over SMTP when SMTP_URL is set.
 * Without it delivery is suppressed (the contract says so) and only the fact
 * is logged; the message body, which carries codes and links, is printed in
 * development only so a newcomer can still sign in locally.
 */
import type { Transporter } from 'nodemailer';
import { config } from '../config';
import { serviceUnavailable } from '../errors/app-error';
import { log } from './logger';

export interface MailMessage {
	to: string;
	subject: string;
	text: string;
	html: string;
	/** What the mail is for, for logs (`sign_in_otp`, `magic_link` …). */
	kind: string;
	/** Extra headers (`List-Unsubscribe` …). */
	headers?: Record<string, string>;
}

let transporter: Promise<Transporter> | undefined;

/** nodemailer is loaded at the first mail, not at start-up: a process without SMTP_URL never needs it. */
function transport(url: string): Promise<Transporter> {
	transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
		nodemailer.createTransport(url, {
			connectionTimeout: 10_000,
			greetingTimeout: 10_000,
			socketTimeout: 20_000
		})
	);
	return transporter;
}

/** `c***@truong.edu.vn`: enough to correlate, not enough to harvest addresses from logs. */
export function maskEmail(email: string): string {
	const at = email.lastIndexOf('@');
	if (at <= 0) return '***';
	return `${email[0]}***${email.slice(at)}`;
}

export function mailConfigured(): boolean {
	return config().mail.smtpUrl !== undefined;
}

/** Sends one message; throws 503 when the SMTP server refuses or cannot be reached. */
export async function sendMail(message: MailMessage): Promise<void> {
	const cfg = config();
	const to = maskEmail(message.to);
	// The reserved .invalid domain never receives mail: accounts without an address and deleted ones (auth/mailbox.ts).
	if (message.to.toLowerCase().endsWith('.invalid')) {
		log.info('mail not sent: the account has no mailbox', { kind: message.kind, to });
		return;
	}
	if (!cfg.mail.smtpUrl) {
		log.info('mail delivery suppressed: SMTP_URL is not set', {
			kind: message.kind,
			to,
			...(cfg.isDevelopment ? { developmentPreview: message.text } : {})
		});
		return;
	}
	try {
		await (await transport(cfg.mail.smtpUrl)).sendMail({
			from: cfg.mail.from,
			to: message.to,
			subject: message.subject,
			text: message.text,
			html: message.html,
			...(message.headers ? { headers: message.headers } : {})
		});
		log.info('mail sent', { kind: message.kind, to });
	} catch (error) {
		// nodemailer errors can echo the SMTP conversation; keep only what identifies the failure.
		const e = error as { code?: string; responseCode?: number; command?: string };
		log.error('mail delivery failed', { kind: message.kind, to, smtpError: e.code, smtpResponse: e.responseCode, command: e.command });
		throw serviceUnavailable('Không gửi được email lúc này. Vui lòng thử lại sau ít phút.');
	}
}
