import adapter from '@sveltejs/adapter-node';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		adapter: adapter({ out: 'build', precompress: false }),
		// SvelteKit's CSRF check answers form-type posts with its own 403 body, even
		// on the JSON API. hooks.server.ts applies our same-origin check to every
		// mutation instead, with the contract's error envelope.
		csrf: { trustedOrigins: ['*'] }
	}
};

export default config;
