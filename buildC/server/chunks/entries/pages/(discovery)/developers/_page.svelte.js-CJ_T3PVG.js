import { a7 as head, a5 as ensure_array_like, a6 as escape_html } from '../../../../chunks/index.js-Oj9LwuME.js';
import '../../../../chunks/utils.js-YOZGUGf-.js';
import '../../../../chunks/utils2.js-ejsMtG81.js';

function _page($$renderer, $$props) {
  $$renderer.component(($$renderer2) => {
    let { data } = $$props;
    head("1vy256u", $$renderer2, ($$renderer3) => {
      $$renderer3.title(($$renderer4) => {
        $$renderer4.push(`<title>Developers — hoclieu API</title>`);
      });
      $$renderer3.push(`<meta name="description" content="hoclieu REST API: documentation, authentication, rate limits, error codes, versioning and deprecations."/>`);
    });
    $$renderer2.push(`<article class="hub svelte-1vy256u"><h1>hoclieu for developers</h1> <p class="lead svelte-1vy256u">The REST API under <code class="svelte-1vy256u">/api/v1</code> serves the same catalog, checkout, wallet and music features as the storefront.
		Browsing and search are anonymous; everything else uses the session cookie.</p> <nav aria-label="Documents"><ul class="docs svelte-1vy256u"><li><a href="/api-docs" class="svelte-1vy256u">API reference</a> — rendered from the OpenAPI description</li> <li><a href="/openapi.json" class="svelte-1vy256u">/openapi.json</a> — OpenAPI 3.1, machine-readable</li> <li><a href="/auth.md" class="svelte-1vy256u">/auth.md</a> — authentication: sessions, cookies, scopes</li> <li><a href="/llms.txt" class="svelte-1vy256u">/llms.txt</a> — a guide for AI agents</li> <li><a href="/.well-known/api-catalog" class="svelte-1vy256u">/.well-known/api-catalog</a> — RFC 9727 API catalog</li> <li><a href="/.well-known/oauth-protected-resource" class="svelte-1vy256u">/.well-known/oauth-protected-resource</a> — RFC 9728 metadata</li> <li><a href="/api/health" class="svelte-1vy256u">/api/health</a> — health probe</li></ul></nav> <section aria-labelledby="endpoints"><h2 id="endpoints">Endpoints</h2> <div class="scroll svelte-1vy256u"><table class="svelte-1vy256u"><thead><tr><th scope="col" class="svelte-1vy256u">Method</th><th scope="col" class="svelte-1vy256u">Path</th><th scope="col" class="svelte-1vy256u">What it does</th><th scope="col" class="svelte-1vy256u">Auth</th></tr></thead><tbody><!--[-->`);
    const each_array = ensure_array_like(data.endpoints);
    for (let $$index = 0, $$length = each_array.length; $$index < $$length; $$index++) {
      let e = each_array[$$index];
      $$renderer2.push(`<tr><td class="svelte-1vy256u"><code class="svelte-1vy256u">${escape_html(e.method)}</code></td><td class="svelte-1vy256u"><code class="svelte-1vy256u">${escape_html(e.path)}</code></td><td class="svelte-1vy256u">${escape_html(e.summary)}${escape_html(e.rateLimited ? " (rate-limited)" : "")}</td><td class="svelte-1vy256u">${escape_html(e.authLabel)}</td></tr>`);
    }
    $$renderer2.push(`<!--]--></tbody></table></div></section> <section aria-labelledby="limits"><h2 id="limits">Rate limits</h2> <p>Guarded endpoints (search, checkout, top-up, gift codes, promotions, media downloads, sign-in) report <code class="svelte-1vy256u">RateLimit-Limit</code>, <code class="svelte-1vy256u">RateLimit-Remaining</code> and <code class="svelte-1vy256u">RateLimit-Reset</code> (seconds). Over the limit
			they answer <code class="svelte-1vy256u">429</code> with <code class="svelte-1vy256u">{"error":{"code":"rate_limited"}}</code> and <code class="svelte-1vy256u">Retry-After</code>: wait at least
			that long. Search allows 30 requests per minute per IP address; gift-code redemption locks after repeated failures.</p> <p>Page sizes: category listing 1–50 (default 12), search 1–50 (24), orders 1–50 (10), wallet ledger 1–100 (20).</p></section> <section aria-labelledby="errors"><h2 id="errors">Errors</h2> <p>Errors use <code class="svelte-1vy256u">{ "error": { "code", "message", "details"? } }</code>. <code class="svelte-1vy256u">message</code> is Vietnamese and meant for
			people; branch on <code class="svelte-1vy256u">code</code>. The music quota endpoint keeps the legacy flat <code class="svelte-1vy256u">{ "code", "message" }</code>.</p> <div class="scroll svelte-1vy256u"><table class="svelte-1vy256u"><thead><tr><th scope="col" class="svelte-1vy256u">Code</th><th scope="col" class="svelte-1vy256u">Status</th><th scope="col" class="svelte-1vy256u">Meaning</th></tr></thead><tbody><!--[-->`);
    const each_array_1 = ensure_array_like(data.errorCodes);
    for (let $$index_1 = 0, $$length = each_array_1.length; $$index_1 < $$length; $$index_1++) {
      let c = each_array_1[$$index_1];
      $$renderer2.push(`<tr><td class="svelte-1vy256u"><code class="svelte-1vy256u">${escape_html(c.code)}</code></td><td class="svelte-1vy256u">${escape_html(c.status)}</td><td class="svelte-1vy256u">${escape_html(c.meaning)}</td></tr>`);
    }
    $$renderer2.push(`<!--]--></tbody></table></div></section> <section aria-labelledby="versioning"><h2 id="versioning">Versioning</h2> <ul><li>The version is in the path: <code class="svelte-1vy256u">/api/v1</code>. The health probe lives at <code class="svelte-1vy256u">/api/health</code>.</li> <li>Breaking changes only ever ship under a new prefix (<code class="svelte-1vy256u">/api/v2</code>); v1 is never changed in place.</li> <li>New optional fields may appear within a version: ignore fields you do not know.</li> <li>A deprecated endpoint is announced here and flagged on every response with <code class="svelte-1vy256u">Deprecation: @&lt;unix-time></code> (RFC 9745), <code class="svelte-1vy256u">Sunset: &lt;HTTP-date></code> (RFC 8594) and a <code class="svelte-1vy256u">Link rel="deprecation"</code> to this page. It
				stays fully supported for at least six months until its sunset date.</li></ul></section> <section aria-labelledby="deprecations" id="deprecations"><h2 id="deprecations-title">Deprecated endpoints</h2> `);
    if (data.deprecated.length === 0) {
      $$renderer2.push(`<!--[0--><p>No endpoint is deprecated at the moment.</p>`);
    } else {
      $$renderer2.push(`<!--[-1--><table class="svelte-1vy256u"><thead><tr><th scope="col" class="svelte-1vy256u">Endpoint</th><th scope="col" class="svelte-1vy256u">Deprecated since</th><th scope="col" class="svelte-1vy256u">Sunset</th><th scope="col" class="svelte-1vy256u">Use instead</th></tr></thead><tbody><!--[-->`);
      const each_array_2 = ensure_array_like(data.deprecated);
      for (let $$index_2 = 0, $$length = each_array_2.length; $$index_2 < $$length; $$index_2++) {
        let e = each_array_2[$$index_2];
        $$renderer2.push(`<tr><td class="svelte-1vy256u"><code class="svelte-1vy256u">${escape_html(e.method)} ${escape_html(e.path)}</code></td><td class="svelte-1vy256u">${escape_html(e.deprecated?.since)}</td><td class="svelte-1vy256u">${escape_html(e.deprecated?.sunset)}</td><td class="svelte-1vy256u">${escape_html(e.deprecated?.replacement ?? "—")}</td></tr>`);
      }
      $$renderer2.push(`<!--]--></tbody></table>`);
    }
    $$renderer2.push(`<!--]--></section> <section aria-labelledby="sandbox"><h2 id="sandbox">Testing your client</h2> <p>There is no shared public sandbox and there are no test identities. Run hoclieu locally (<code class="svelte-1vy256u">npm ci &amp;&amp; npm start</code>) against its demo catalog.</p></section></article>`);
  });
}

export { _page as default };
//# sourceMappingURL=_page.svelte.js-CJ_T3PVG.js.map
