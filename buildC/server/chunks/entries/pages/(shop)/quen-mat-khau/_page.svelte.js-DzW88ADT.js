import { a7 as head, _ as derived, a4 as attr, a6 as escape_html, a9 as stringify } from '../../../../chunks/index.js-Oj9LwuME.js';
import '../../../../chunks/exports.js-B9Uzt4sy.js';
import '../../../../chunks/utils2.js-ejsMtG81.js';
import '../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../chunks/root.js-BiG7g75A.js';
import '../../../../chunks/state.svelte.js-E3lk_GL8.js';
import { A as AuthPanel } from '../../../../chunks/AuthPanel.js-DWXYnL40.js';
import { F as FormField } from '../../../../chunks/FormField.js-CVpSYvwO.js';
import { p as paths } from '../../../../chunks/paths.js-xLTGA48h.js';

function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { form } = $$props;
    let pending = false;
    const notice = derived(() => {
      if (form?.message) return { kind: "error", text: form.message };
      if (form?.sentTo) return {
        kind: "success",
        // Deliberately the same whether or not the account exists.
        text: `Nếu ${form.sentTo} đã có tài khoản, chúng tôi vừa gửi liên kết đặt lại mật khẩu (hiệu lực 60 phút). Hãy kiểm tra hộp thư, kể cả thư rác.`,
        whole: form.sentTo
      };
      return null;
    });
    head("hs67xd", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>Quên mật khẩu — hoclieu</title>`);
      });
    });
    {
      let footer = function($$renderer3) {
        $$renderer3.push(`<!---->Nhớ ra rồi? <a${attr("href", paths.signIn)}>Đăng nhập</a> · hoặc <a${attr("href", `${stringify(paths.signIn)}?cach=ma`)}>đăng nhập bằng mã qua email</a>`);
      };
      AuthPanel($$renderer2, {
        title: "Quên mật khẩu",
        notice: notice(),
        footer,
        children: ($$renderer3) => {
          $$renderer3.push(`<form method="POST">`);
          FormField($$renderer3, {
            label: "Email",
            name: "email",
            type: "email",
            autocomplete: "email",
            required: true,
            value: form?.values?.email ?? form?.sentTo ?? "",
            hint: "Nhập email bạn dùng để đăng nhập; chúng tôi sẽ gửi liên kết đặt lại mật khẩu.",
            error: form?.fields?.email
          });
          $$renderer3.push(`<!----> <button type="submit"${attr("disabled", pending, true)}>${escape_html("Gửi liên kết đặt lại")}</button></form>`);
        }
      });
    }
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-DzW88ADT.js.map
