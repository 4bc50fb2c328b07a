import nodemailer from 'nodemailer';
import { c as config } from './config.js-CBoIX22t.js';
import { l as log, s as serviceUnavailable } from './app-error.js-BJVvpKXy.js';

let transporter;
function transport(url) {
  transporter ??= nodemailer.createTransport(url, {
    connectionTimeout: 1e4,
    greetingTimeout: 1e4,
    socketTimeout: 2e4
  });
  return transporter;
}
function maskEmail(email) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email[0]}***${email.slice(at)}`;
}
function mailConfigured() {
  return config().mail.smtpUrl !== void 0;
}
async function sendMail(message) {
  const cfg = config();
  const to = maskEmail(message.to);
  if (!cfg.mail.smtpUrl) {
    log.info("mail delivery suppressed: SMTP_URL is not set", {
      kind: message.kind,
      to,
      ...cfg.isDevelopment ? { developmentPreview: message.text } : {}
    });
    return;
  }
  try {
    await transport(cfg.mail.smtpUrl).sendMail({
      from: cfg.mail.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html
    });
    log.info("mail sent", { kind: message.kind, to });
  } catch (error) {
    const e = error;
    log.error("mail delivery failed", { kind: message.kind, to, smtpError: e.code, smtpResponse: e.responseCode, command: e.command });
    throw serviceUnavailable("Không gửi được email lúc này. Vui lòng thử lại sau ít phút.");
  }
}
function escapeHtml(s) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
const paragraph = (p) => `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`;
function mailHtml(paragraphs, action, after = []) {
  const body = paragraphs.map(paragraph).join("");
  const button = action ? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.href)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Nếu nút không hoạt động, hãy mở liên kết này: <a href="${escapeHtml(action.href)}">${escapeHtml(action.href)}</a></p>` : "";
  return `<!doctype html><html lang="vi"><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#111;max-width:560px;margin:0 auto;padding:24px">${body}${button}${after.map(paragraph).join("")}<p style="margin:24px 0 0;font-size:13px;color:#555">hoclieu — Học liệu cho giáo viên Việt Nam</p></body></html>`;
}

export { maskEmail as a, mailHtml as b, mailConfigured as m, sendMail as s };
//# sourceMappingURL=mail-html.js-R8pyZBxu.js.map
