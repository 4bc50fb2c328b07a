/** The HTML part of every email: a few paragraphs, an optional button, the shop's footer. */

export function escapeHtml(s: string): string {
	return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface MailAction {
	href: string;
	label: string;
}

const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;

/** `after`: paragraphs below the button. */
export function mailHtml(paragraphs: string[], action?: MailAction, after: string[] = []): string {
	const body = paragraphs.map(paragraph).join('');
	const button = action
		? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
			`<p style="margin:0 0 16px;font-size:13px;color:#555">Nếu nút không hoạt động, hãy mở liên kết này: <a href="${escapeHtml(action.href)}">${escapeHtml(action.href)}</a></p>`
		: '';
	return `<!doctype html><html lang="vi"><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#111;max-width:560px;margin:0 auto;padding:24px">${body}${button}${after.map(paragraph).join('')}<p style="margin:24px 0 0;font-size:13px;color:#555">hoclieu — Học liệu cho giáo viên Việt Nam</p></body></html>`;
}
