import adapter from './build-tools/adapter-with-front.js';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// Static assets are compressed once at build time (.br/.gz next to each
		// file) and served by sirv; hooks.server.ts compresses dynamic answers.
		// HOCLIEU_BUILD_OUT / HOCLIEU_KIT_OUT let the production-bundle test build
		// beside the test build without touching it (tests/build/production-bundle.test.ts).
		adapter: adapter({ out: process.env.HOCLIEU_BUILD_OUT || 'build', precompress: true }),
		outDir: process.env.HOCLIEU_KIT_OUT || '.svelte-kit',
		// SvelteKit's CSRF check answers form-type posts with its own 403 body, even
		// on the JSON API. hooks.server.ts applies our same-origin check to every
		// mutation instead, with the contract's error envelope.
		csrf: { trustedOrigins: ['*'] },
		// Pages' Content-Security-Policy. 'auto' puts a fresh nonce on SvelteKit's own
		// inline start-up script for every rendered page (hashes for prerendered
		// ones), so scripts never need 'unsafe-inline'. Everything that is not a
		// page gets a stricter policy from src/lib/server/http/security-headers.ts.
		csp: {
			mode: 'auto',
			directives: {
				'default-src': ['self'],
				'script-src': ['self'],
				// Styles keep 'unsafe-inline': Svelte writes style attributes and
				// transitions insert <style> rules at run time, which neither nonces nor
				// hashes can cover. (With 'unsafe-inline' present SvelteKit adds no style
				// nonce, which would otherwise make browsers ignore it.) Inline styles
				// cannot run code; scripts stay locked down.
				'style-src': ['self', 'unsafe-inline'],
				// data: for the VietQR payment code, which the server renders as a data URL.
				'img-src': ['self', 'data:', 'blob:'],
				'font-src': ['self'],
				'connect-src': ['self'],
				'media-src': ['self', 'blob:'],
				'object-src': ['none'],
				'base-uri': ['self'],
				'form-action': ['self'],
				'frame-ancestors': ['none']
			}
		}
	}
};

export default config;
