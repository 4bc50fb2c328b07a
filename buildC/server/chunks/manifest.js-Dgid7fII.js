const manifest = (() => {
function __memo(fn) {
	let value;
	return () => value ??= (value = fn());
}

return {
	appDir: "_app",
	appPath: "_app",
	assets: new Set(["covers/combo.svg","covers/lesson-plan.svg","covers/music.svg","covers/slide.svg","covers/video.svg","favicon.svg"]),
	mimeTypes: {".svg":"image/svg+xml"},
	_: {
		client: {start:"_app/immutable/entry/start.CJ3BYaql.js",app:"_app/immutable/entry/app.DdPbs-g5.js",imports:["_app/immutable/entry/start.CJ3BYaql.js","_app/immutable/chunks/Bdn8SN5s.js","_app/immutable/chunks/w0BwPUI-.js","_app/immutable/chunks/BhyVjzSp.js","_app/immutable/chunks/ras4GAWO.js","_app/immutable/entry/app.DdPbs-g5.js","_app/immutable/chunks/BhyVjzSp.js","_app/immutable/chunks/D7cGhiFq.js","_app/immutable/chunks/w0BwPUI-.js","_app/immutable/chunks/BhM0PYIT.js","_app/immutable/chunks/DK8miAHz.js"],stylesheets:[],fonts:[],uses_env_dynamic_public:false},
		nodes: [
			__memo(() => import('./nodes/0.js-QbS-L-V2.js')),
			__memo(() => import('./nodes/1.js-Cg1QOUVD.js')),
			__memo(() => import('./nodes/2.js-SDmSfgcX.js')),
			__memo(() => import('./nodes/3.js-UtVoX1on.js')),
			__memo(() => import('./nodes/4.js-Cpzr2rVY.js')),
			__memo(() => import('./nodes/5.js-CZKWGZvN.js')),
			__memo(() => import('./nodes/6.js-B1kUsa6N.js')),
			__memo(() => import('./nodes/7.js-BSqpuYF-.js')),
			__memo(() => import('./nodes/8.js-BwOmjvsm.js')),
			__memo(() => import('./nodes/9.js-BSuARe9X.js')),
			__memo(() => import('./nodes/10.js-vqOX5Vi9.js')),
			__memo(() => import('./nodes/11.js-BY61E-rF.js')),
			__memo(() => import('./nodes/12.js-DpEOrNyt.js')),
			__memo(() => import('./nodes/13.js--Flm0I5l.js')),
			__memo(() => import('./nodes/14.js-B0b-Vjan.js')),
			__memo(() => import('./nodes/15.js-C_OTtZEd.js')),
			__memo(() => import('./nodes/16.js-BgpYe4PW.js'))
		],
		remotes: {
			
		},
		routes: [
			{
				id: "/",
				pattern: /^\/$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 2 },
				endpoint: null
			},
			{
				id: "/(discovery)/.well-known/api-catalog",
				pattern: /^\/\.well-known\/api-catalog\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/(discovery)/.well-known/api-catalog/_server.ts.js-fjxIy_rW.js'))
			},
			{
				id: "/(discovery)/.well-known/oauth-protected-resource",
				pattern: /^\/\.well-known\/oauth-protected-resource\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/(discovery)/.well-known/oauth-protected-resource/_server.ts.js-B8kJbhEJ.js'))
			},
			{
				id: "/(shop)/am-nhac",
				pattern: /^\/am-nhac\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 4 },
				endpoint: null
			},
			{
				id: "/(discovery)/api-docs",
				pattern: /^\/api-docs\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/(discovery)/api-docs/_server.ts.js-D-IAbgF5.js'))
			},
			{
				id: "/(discovery)/api-docs/assets/[file]",
				pattern: /^\/api-docs\/assets\/([^/]+?)\/?$/,
				params: [{"name":"file","optional":false,"rest":false,"chained":false}],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/(discovery)/api-docs/assets/_file_/_server.ts.js-N2oCJD7t.js'))
			},
			{
				id: "/api/auth/forget-password",
				pattern: /^\/api\/auth\/forget-password\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/auth/forget-password/_server.ts.js-CtkuKHcH.js'))
			},
			{
				id: "/api/auth/reset-password",
				pattern: /^\/api\/auth\/reset-password\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/auth/reset-password/_server.ts.js-PsH1kPkw.js'))
			},
			{
				id: "/api/auth/session",
				pattern: /^\/api\/auth\/session\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/auth/session/_server.ts.js-Bno8SihS.js'))
			},
			{
				id: "/api/auth/sign-in/email-otp",
				pattern: /^\/api\/auth\/sign-in\/email-otp\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/auth/sign-in/email-otp/_server.ts.js-DKbmZueu.js'))
			},
			{
				id: "/api/auth/sign-in/email",
				pattern: /^\/api\/auth\/sign-in\/email\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/auth/sign-in/email/_server.ts.js-3oULtrpA.js'))
			},
			{
				id: "/api/auth/sign-in/magic-link",
				pattern: /^\/api\/auth\/sign-in\/magic-link\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/auth/sign-in/magic-link/_server.ts.js-Dxzs1EmR.js'))
			},
			{
				id: "/api/auth/sign-out",
				pattern: /^\/api\/auth\/sign-out\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/auth/sign-out/_server.ts.js-D9Y5kYO2.js'))
			},
			{
				id: "/api/auth/sign-up/email",
				pattern: /^\/api\/auth\/sign-up\/email\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/auth/sign-up/email/_server.ts.js-CyUOHm5D.js'))
			},
			{
				id: "/api/health",
				pattern: /^\/api\/health\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/health/_server.ts.js-D-7PlGTp.js'))
			},
			{
				id: "/api/internal/auth/magic",
				pattern: /^\/api\/internal\/auth\/magic\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/internal/auth/magic/_server.ts.js-B2qW_Hzc.js'))
			},
			{
				id: "/api/internal/auth/otp/send",
				pattern: /^\/api\/internal\/auth\/otp\/send\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/internal/auth/otp/send/_server.ts.js-CuGm0gML.js'))
			},
			{
				id: "/api/internal/auth/otp/verify",
				pattern: /^\/api\/internal\/auth\/otp\/verify\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/internal/auth/otp/verify/_server.ts.js-N1Pc4H_e.js'))
			},
			{
				id: "/api/internal/test/[action]",
				pattern: /^\/api\/internal\/test\/([^/]+?)\/?$/,
				params: [{"name":"action","optional":false,"rest":false,"chained":false}],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/internal/test/_action_/_server.ts.js-h87bcRhl.js'))
			},
			{
				id: "/api/payments/bank-transfer/webhook",
				pattern: /^\/api\/payments\/bank-transfer\/webhook\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/payments/bank-transfer/webhook/_server.ts.js-D8d64tC8.js'))
			},
			{
				id: "/api/trpc/[...trpc]",
				pattern: /^\/api\/trpc(?:\/([^]*))?\/?$/,
				params: [{"name":"trpc","optional":false,"rest":true,"chained":true}],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/trpc/_...trpc_/_server.ts.js-BEv6XLHS.js'))
			},
			{
				id: "/api/v1/[...rest]",
				pattern: /^\/api\/v1(?:\/([^]*))?\/?$/,
				params: [{"name":"rest","optional":false,"rest":true,"chained":true}],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/api/v1/_...rest_/_server.ts.js-DLbOIjzp.js'))
			},
			{
				id: "/(discovery)/auth.md",
				pattern: /^\/auth\.md\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/(discovery)/auth.md/_server.ts.js-Byfw4kLi.js'))
			},
			{
				id: "/(shop)/dang-ky",
				pattern: /^\/dang-ky\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 5 },
				endpoint: null
			},
			{
				id: "/(shop)/dang-nhap",
				pattern: /^\/dang-nhap\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 6 },
				endpoint: null
			},
			{
				id: "/(shop)/dang-xuat",
				pattern: /^\/dang-xuat\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 7 },
				endpoint: null
			},
			{
				id: "/(shop)/danh-muc/[...path]",
				pattern: /^\/danh-muc(?:\/([^]*))?\/?$/,
				params: [{"name":"path","optional":false,"rest":true,"chained":true}],
				page: { layouts: [0,], errors: [1,], leaf: 8 },
				endpoint: null
			},
			{
				id: "/(shop)/dat-lai-mat-khau",
				pattern: /^\/dat-lai-mat-khau\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 9 },
				endpoint: null
			},
			{
				id: "/(discovery)/developers",
				pattern: /^\/developers\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 3 },
				endpoint: null
			},
			{
				id: "/(shop)/don-hang",
				pattern: /^\/don-hang\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 10 },
				endpoint: null
			},
			{
				id: "/files/[...key]",
				pattern: /^\/files(?:\/([^]*))?\/?$/,
				params: [{"name":"key","optional":false,"rest":true,"chained":true}],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/files/_...key_/_server.ts.js-3B3DCXnp.js'))
			},
			{
				id: "/(discovery)/llms.txt",
				pattern: /^\/llms\.txt\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/(discovery)/llms.txt/_server.ts.js-D2DP8pEF.js'))
			},
			{
				id: "/(discovery)/openapi.json",
				pattern: /^\/openapi\.json\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/(discovery)/openapi.json/_server.ts.js-BnZh3yiH.js'))
			},
			{
				id: "/(shop)/quen-mat-khau",
				pattern: /^\/quen-mat-khau\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 11 },
				endpoint: null
			},
			{
				id: "/(discovery)/robots.txt",
				pattern: /^\/robots\.txt\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/(discovery)/robots.txt/_server.ts.js-BaG9qGTP.js'))
			},
			{
				id: "/(shop)/san-pham/[...fullPath]",
				pattern: /^\/san-pham(?:\/([^]*))?\/?$/,
				params: [{"name":"fullPath","optional":false,"rest":true,"chained":true}],
				page: { layouts: [0,], errors: [1,], leaf: 12 },
				endpoint: null
			},
			{
				id: "/(discovery)/sitemap.xml",
				pattern: /^\/sitemap\.xml\/?$/,
				params: [],
				page: null,
				endpoint: __memo(() => import('./entries/endpoints/(discovery)/sitemap.xml/_server.ts.js-1wQ40NOe.js'))
			},
			{
				id: "/(shop)/tai-ve",
				pattern: /^\/tai-ve\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 13 },
				endpoint: null
			},
			{
				id: "/(shop)/thanh-toan/[orderId]",
				pattern: /^\/thanh-toan\/([^/]+?)\/?$/,
				params: [{"name":"orderId","optional":false,"rest":false,"chained":false}],
				page: { layouts: [0,], errors: [1,], leaf: 14 },
				endpoint: null
			},
			{
				id: "/(shop)/tim-kiem",
				pattern: /^\/tim-kiem\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 15 },
				endpoint: null
			},
			{
				id: "/(shop)/vi",
				pattern: /^\/vi\/?$/,
				params: [],
				page: { layouts: [0,], errors: [1,], leaf: 16 },
				endpoint: null
			}
		],
		prerendered_routes: new Set([]),
		matchers: async () => {
			
			return {  };
		},
		server_assets: {}
	}
}
})();

export { manifest as m };
//# sourceMappingURL=manifest.js-Dgid7fII.js.map
