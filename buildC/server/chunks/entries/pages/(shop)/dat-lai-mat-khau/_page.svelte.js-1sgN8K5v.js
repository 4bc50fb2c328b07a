import { a7 as head, a4 as attr, a6 as escape_html, _ as derived } from '../../../../chunks/index.js-Oj9LwuME.js';
import '../../../../chunks/exports.js-B9Uzt4sy.js';
import '../../../../chunks/utils2.js-ejsMtG81.js';
import '../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../chunks/root.js-BiG7g75A.js';
import '../../../../chunks/state.svelte.js-E3lk_GL8.js';
import { A as AuthPanel } from '../../../../chunks/AuthPanel.js-DWXYnL40.js';
import { F as FormField } from '../../../../chunks/FormField.js-CVpSYvwO.js';
import { P as PASSWORD_MIN, e as PASSWORD_MAX } from '../../../../chunks/auth.js-DNKvsyge.js';
import { p as paths } from '../../../../chunks/paths.js-xLTGA48h.js';
import 'zod';

function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data, form } = $$props;
    let pending = false;
    const linkSpent = derived(() => form?.message !== void 0 && !form?.fields?.newPassword && !form?.fields?.confirmPassword);
    head("hcpec6", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>Đặt lại mật khẩu — hoclieu</title>`);
      });
      $$renderer3.push(`<meta name="referrer" content="no-referrer"/>`);
    });
    AuthPanel($$renderer2, {
      title: "Đặt lại mật khẩu",
      notice: form?.message ? { kind: "error", text: form.message } : null,
      children: ($$renderer3) => {
        if (!data.token) {
          $$renderer3.push(`<!--[0--><p>Liên kết đặt lại mật khẩu không đầy đủ. Hãy mở lại liên kết trong email, hoặc yêu cầu liên kết mới.</p> <p><a${attr("href", paths.forgotPassword)}>Yêu cầu liên kết mới</a></p>`);
        } else {
          $$renderer3.push(`<!--[-1--><form method="POST"><input type="hidden" name="token"${attr("value", data.token)}/> `);
          FormField($$renderer3, {
            label: "Mật khẩu mới",
            name: "newPassword",
            type: "password",
            autocomplete: "new-password",
            required: true,
            minlength: PASSWORD_MIN,
            hint: `Từ ${PASSWORD_MIN} đến ${PASSWORD_MAX} ký tự. Sau khi đặt lại, mọi thiết bị đang đăng nhập sẽ bị đăng xuất.`,
            error: form?.fields?.newPassword
          });
          $$renderer3.push(`<!----> `);
          FormField($$renderer3, {
            label: "Nhập lại mật khẩu mới",
            name: "confirmPassword",
            type: "password",
            autocomplete: "new-password",
            required: true,
            error: form?.fields?.confirmPassword
          });
          $$renderer3.push(`<!----> <button type="submit"${attr("disabled", pending, true)}>${escape_html("Đặt mật khẩu mới")}</button></form> `);
          if (linkSpent()) {
            $$renderer3.push(`<!--[0--><p class="again svelte-hcpec6"><a${attr("href", paths.forgotPassword)}>Yêu cầu liên kết mới</a></p>`);
          } else {
            $$renderer3.push("<!--[-1-->");
          }
          $$renderer3.push(`<!--]-->`);
        }
        $$renderer3.push(`<!--]-->`);
      }
    });
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-1sgN8K5v.js.map
