import { a7 as head, _ as derived, a5 as ensure_array_like, a4 as attr, a6 as escape_html } from '../../../../chunks/index.js-Oj9LwuME.js';
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
    let { data, form } = $$props;
    let pending = false;
    const tabs = [
      { id: "mat-khau", label: "Mật khẩu" },
      { id: "ma", label: "Mã email" },
      { id: "lien-ket", label: "Liên kết email" }
    ];
    function tabHref(id) {
      return `${paths.signIn}?cach=${id}${data.returnTo ? `&returnTo=${encodeURIComponent(data.returnTo)}` : ""}`;
    }
    const failure = derived(() => form && "message" in form ? form : null);
    const values = derived(() => failure()?.values ?? {});
    const fields = derived(() => failure()?.fields ?? {});
    const returnTo = derived(() => data.returnTo ?? (form && "returnTo" in form ? form.returnTo : null) ?? values().returnTo ?? null);
    const codeSentTo = derived(() => form && "codeSentTo" in form ? form.codeSentTo : values().step === "verify" ? values().email : null);
    const linkSentTo = derived(() => form && "linkSentTo" in form ? form.linkSentTo : null);
    const notice = derived(() => {
      if (failure()) return { kind: "error", text: failure().message ?? "" };
      if (data.linkProblem) return { kind: "error", text: data.linkProblem };
      if (data.passwordReset) return {
        kind: "success",
        text: "Đã đặt lại mật khẩu. Hãy đăng nhập bằng mật khẩu mới."
      };
      if (codeSentTo()) return {
        kind: "info",
        text: `Đã gửi mã 6 chữ số tới ${codeSentTo()}. Mã có hiệu lực trong 10 phút.`,
        whole: codeSentTo()
      };
      if (linkSentTo()) return {
        kind: "success",
        text: `Đã gửi liên kết đăng nhập tới ${linkSentTo()}. Hãy mở email và bấm vào liên kết (hiệu lực 15 phút).`,
        whole: linkSentTo()
      };
      return null;
    });
    head("1t3lpol", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>Đăng nhập — hoclieu</title>`);
      });
    });
    {
      let footer = function($$renderer3) {
        $$renderer3.push(`<!---->Chưa có tài khoản? <a${attr("href", paths.signUp)}>Đăng ký</a>`);
      };
      AuthPanel($$renderer2, {
        title: "Đăng nhập",
        notice: notice(),
        footer,
        children: ($$renderer3) => {
          $$renderer3.push(`<nav class="tabs svelte-1t3lpol" aria-label="Cách đăng nhập"><!--[-->`);
          const each_array = ensure_array_like(tabs);
          for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
            let tab = each_array[$$index];
            $$renderer3.push(`<a${attr("href", tabHref(tab.id))}${attr("aria-current", data.method === tab.id ? "page" : void 0)} class="svelte-1t3lpol">${escape_html(tab.label)}</a>`);
          }
          $$renderer3.push(`<!--]--></nav> `);
          if (data.method === "mat-khau") {
            $$renderer3.push(`<!--[0--><form method="POST" action="?cach=mat-khau&amp;/password">`);
            if (returnTo()) {
              $$renderer3.push(`<!--[0--><input type="hidden" name="returnTo"${attr("value", returnTo())}/>`);
            } else {
              $$renderer3.push("<!--[-1-->");
            }
            $$renderer3.push(`<!--]--> `);
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
              autocomplete: "current-password",
              required: true,
              error: fields().password
            });
            $$renderer3.push(`<!----> <p class="aside svelte-1t3lpol"><a${attr("href", paths.forgotPassword)}>Quên mật khẩu?</a></p> <button type="submit"${attr("disabled", pending, true)}>${escape_html("Đăng nhập")}</button></form>`);
          } else if (data.method === "ma") {
            $$renderer3.push("<!--[1-->");
            if (codeSentTo()) {
              $$renderer3.push(`<!--[0--><form method="POST" action="?cach=ma&amp;/verifyCode">`);
              if (returnTo()) {
                $$renderer3.push(`<!--[0--><input type="hidden" name="returnTo"${attr("value", returnTo())}/>`);
              } else {
                $$renderer3.push("<!--[-1-->");
              }
              $$renderer3.push(`<!--]--> <input type="hidden" name="email"${attr("value", codeSentTo())}/> <input type="hidden" name="step" value="verify"/> `);
              FormField($$renderer3, {
                label: "Mã xác nhận",
                name: "otp",
                inputmode: "numeric",
                autocomplete: "one-time-code",
                pattern: "[0-9]{6}",
                maxlength: 6,
                required: true,
                hint: "Nhập 6 chữ số trong email. Sai quá 5 lần thì mã bị huỷ.",
                error: fields().otp
              });
              $$renderer3.push(`<!----> <button type="submit"${attr("disabled", pending, true)}>${escape_html("Xác nhận và đăng nhập")}</button></form> <form method="POST" action="?cach=ma&amp;/sendCode" class="secondary svelte-1t3lpol"><input type="hidden" name="email"${attr("value", codeSentTo())}/> `);
              if (returnTo()) {
                $$renderer3.push(`<!--[0--><input type="hidden" name="returnTo"${attr("value", returnTo())}/>`);
              } else {
                $$renderer3.push("<!--[-1-->");
              }
              $$renderer3.push(`<!--]--> <button type="submit" class="link-button svelte-1t3lpol"${attr("disabled", pending, true)}>Gửi lại mã</button></form>`);
            } else {
              $$renderer3.push(`<!--[-1--><form method="POST" action="?cach=ma&amp;/sendCode">`);
              if (returnTo()) {
                $$renderer3.push(`<!--[0--><input type="hidden" name="returnTo"${attr("value", returnTo())}/>`);
              } else {
                $$renderer3.push("<!--[-1-->");
              }
              $$renderer3.push(`<!--]--> `);
              FormField($$renderer3, {
                label: "Email",
                name: "email",
                type: "email",
                autocomplete: "email",
                required: true,
                value: values().email ?? "",
                hint: "Chúng tôi sẽ gửi mã 6 chữ số. Chưa có tài khoản? Tài khoản được tạo khi bạn nhập đúng mã.",
                error: fields().email
              });
              $$renderer3.push(`<!----> <button type="submit"${attr("disabled", pending, true)}>${escape_html("Gửi mã đăng nhập")}</button></form>`);
            }
            $$renderer3.push(`<!--]-->`);
          } else {
            $$renderer3.push(`<!--[-1--><form method="POST" action="?cach=lien-ket&amp;/magicLink">`);
            if (returnTo()) {
              $$renderer3.push(`<!--[0--><input type="hidden" name="returnTo"${attr("value", returnTo())}/>`);
            } else {
              $$renderer3.push("<!--[-1-->");
            }
            $$renderer3.push(`<!--]--> `);
            FormField($$renderer3, {
              label: "Email",
              name: "email",
              type: "email",
              autocomplete: "email",
              required: true,
              value: values().email ?? linkSentTo() ?? "",
              hint: "Chúng tôi sẽ gửi một liên kết đăng nhập dùng một lần.",
              error: fields().email
            });
            $$renderer3.push(`<!----> <button type="submit"${attr("disabled", pending, true)}>${escape_html("Gửi liên kết đăng nhập")}</button></form>`);
          }
          $$renderer3.push(`<!--]-->`);
        }
      });
    }
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-BZXL0Q20.js.map
