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
    const values = derived(() => form?.values ?? {});
    const fields = derived(() => form?.fields ?? {});
    const signInHref = derived(() => data.returnTo ? `${paths.signIn}?returnTo=${encodeURIComponent(data.returnTo)}` : paths.signIn);
    head("1qo1sw0", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>Đăng ký — hoclieu</title>`);
      });
    });
    {
      let footer = function($$renderer3) {
        $$renderer3.push(`<!---->Đã có tài khoản? <a${attr("href", signInHref())}>Đăng nhập</a>`);
      };
      AuthPanel($$renderer2, {
        title: "Tạo tài khoản",
        notice: form?.message ? { kind: "error", text: form.message } : null,
        footer,
        children: ($$renderer3) => {
          $$renderer3.push(`<form method="POST">`);
          if (data.returnTo) {
            $$renderer3.push(`<!--[0--><input type="hidden" name="returnTo"${attr("value", data.returnTo)}/>`);
          } else {
            $$renderer3.push("<!--[-1-->");
          }
          $$renderer3.push(`<!--]--> `);
          FormField($$renderer3, {
            label: "Họ và tên (không bắt buộc)",
            name: "name",
            autocomplete: "name",
            maxlength: 100,
            value: values().name ?? "",
            error: fields().name
          });
          $$renderer3.push(`<!----> `);
          FormField($$renderer3, {
            label: "Email",
            name: "email",
            type: "email",
            autocomplete: "email",
            required: true,
            value: values().email ?? "",
            error: fields().email
          });
          $$renderer3.push(`<!----> `);
          FormField($$renderer3, {
            label: "Mật khẩu",
            name: "password",
            type: "password",
            autocomplete: "new-password",
            required: true,
            minlength: PASSWORD_MIN,
            hint: `Từ ${PASSWORD_MIN} đến ${PASSWORD_MAX} ký tự. Nên dùng một câu dễ nhớ với bạn nhưng khó đoán với người khác.`,
            error: fields().password
          });
          $$renderer3.push(`<!----> `);
          FormField($$renderer3, {
            label: "Nhập lại mật khẩu",
            name: "confirmPassword",
            type: "password",
            autocomplete: "new-password",
            required: true,
            error: fields().confirmPassword
          });
          $$renderer3.push(`<!----> <button type="submit"${attr("disabled", pending, true)}>${escape_html("Đăng ký")}</button></form>`);
        }
      });
    }
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-DINKk0Gb.js.map
