import { N as redirect } from '../../../../chunks/utils.js-YOZGUGf-.js';
import { M as MagicLinkInput, O as OtpVerifyInput, a as OtpSendInput, b as SignInInput, i as isSafeRedirectPath, R as RedirectPath } from '../../../../chunks/auth.js-DNKvsyge.js';
import { d as signInWithPassword } from '../../../../chunks/accounts.js-BCqWXCT9.js';
import { r as requestMagicLink } from '../../../../chunks/magic-link.js-BgCa7WPO.js';
import { v as verifySignInOtp, s as sendSignInOtp } from '../../../../chunks/otp.js-Eo_aYRK9.js';
import { f as formAction, s as startBrowserSession } from '../../../../chunks/forms.js-BuPKuocx.js';

const methods = ["mat-khau", "ma", "lien-ket"];
function linkProblem(code, reason) {
  if (!code) return null;
  if (code === "invalid_token" && reason === "used")
    return "Liên kết đăng nhập này đã được sử dụng. Mỗi liên kết chỉ dùng được một lần — hãy yêu cầu liên kết mới bên dưới.";
  if (code === "invalid_token" && reason === "expired") return "Liên kết đăng nhập đã hết hạn. Hãy yêu cầu liên kết mới bên dưới.";
  if (code === "invalid_token") return "Liên kết đăng nhập không hợp lệ hoặc đã được thay bằng liên kết mới hơn. Hãy dùng liên kết trong email gần nhất.";
  if (code === "validation_error") return "Liên kết đăng nhập không hợp lệ. Hãy mở lại liên kết trong email hoặc yêu cầu liên kết mới.";
  if (code === "rate_limited") return "Bạn đã thử quá nhiều lần. Vui lòng đợi ít phút rồi thử lại.";
  return "Không thể đăng nhập bằng liên kết lúc này. Vui lòng thử lại sau ít phút.";
}
const load = ({ url }) => {
  const returnTo2 = url.searchParams.get("returnTo");
  const method = url.searchParams.get("cach");
  return {
    method: methods.includes(method ?? "") ? method : "mat-khau",
    returnTo: returnTo2 && isSafeRedirectPath(returnTo2) ? returnTo2 : null,
    linkProblem: linkProblem(url.searchParams.get("loi"), url.searchParams.get("ly-do")),
    passwordReset: url.searchParams.has("da-dat-lai")
  };
};
const returnTo = { returnTo: RedirectPath.optional() };
const actions = {
  password: async (event) => {
    const result = await formAction(event, SignInInput.extend(returnTo), async (input, req) => ({
      signedIn: await signInWithPassword(input, req),
      returnTo: input.returnTo
    }));
    if (!result.ok) return result.failure;
    startBrowserSession(event, result.value.signedIn);
    redirect(303, result.value.returnTo ?? "/");
  },
  sendCode: async (event) => {
    const result = await formAction(event, OtpSendInput.extend(returnTo), async (input, req) => {
      await sendSignInOtp(input, req);
      return { codeSentTo: input.email, returnTo: input.returnTo ?? null };
    });
    return result.ok ? result.value : result.failure;
  },
  verifyCode: async (event) => {
    const result = await formAction(event, OtpVerifyInput.extend(returnTo), async (input, req) => ({
      signedIn: await verifySignInOtp(input, req),
      returnTo: input.returnTo
    }));
    if (!result.ok) return result.failure;
    startBrowserSession(event, result.value.signedIn);
    redirect(303, result.value.returnTo ?? "/");
  },
  magicLink: async (event) => {
    const result = await formAction(event, MagicLinkInput.omit({ callbackURL: true }).extend(returnTo), async (input, req) => {
      await requestMagicLink({ email: input.email, callbackURL: input.returnTo }, req);
      return { linkSentTo: input.email };
    });
    return result.ok ? result.value : result.failure;
  }
};

var _page_server_ts = /*#__PURE__*/Object.freeze({
  __proto__: null,
  actions: actions,
  load: load
});

export { _page_server_ts as _ };
//# sourceMappingURL=_page.server.ts.js-a0WnvfkO.js.map
