import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default ts.config(
	{ ignores: ['build/', '.svelte-kit/', 'node_modules/', '.data/', 'test-results/', 'playwright-report/', 'tests/.artifacts/', 'bench-results/', '.build-production/'] },
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'no-undef': 'off',
			// The app is served at the root (no kit.paths.base); storefront URLs come from
			// src/lib/paths.ts, so wrapping every href in resolve() would add nothing.
			'svelte/no-navigation-without-resolve': 'off',
			// Components keep state in runes, never in stores: no-restricted-imports below refuses
			// `svelte/store` and `$app/stores`, so this rule has nothing to find. It asked the type
			// checker about every identifier of every component and was 93 % of ESLint's time
			// (283 of 303 s, README "Test it").
			'svelte/require-store-reactive-access': 'off',
			'no-restricted-imports': [
				'error',
				{
					paths: [
						{ name: 'svelte/store', message: 'Keep state in runes ($state, $derived), not stores.' },
						{ name: '$app/stores', message: 'Use $app/state, not the deprecated $app/stores.' }
					]
				}
			]
		}
	},
	{
		// Domain code does not know how it is served (README "Project layout"): no routes, REST facade, tRPC
		// or SvelteKit at run time. The transports (rest, trpc, http, discovery, the test hooks) and the
		// page helpers at the top of src/lib/server may; tests/unit/layering-rule.test.ts keeps this on.
		files: ['src/lib/server/**/*.ts'],
		ignores: ['src/lib/server/{rest,trpc,http,discovery,testing}/**', 'src/lib/server/*.ts'],
		rules: {
			'@typescript-eslint/no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['**/rest/*', '**/trpc/*', '$lib/server/rest/*', '$lib/server/trpc/*', '**/routes/**', '$app/*'],
							message: 'Domain code must not import routes, the REST facade, tRPC or SvelteKit: move the shared part into the domain or src/lib/server/policies.'
						},
						{ group: ['@sveltejs/kit'], allowTypeImports: true, message: 'Domain code may use SvelteKit types only (import type).' }
					]
				}
			]
		}
	},
	{
		// Tests read loosely-typed JSON bodies; `any` keeps assertions readable there.
		files: ['tests/**/*.ts'],
		rules: { '@typescript-eslint/no-explicit-any': 'off' }
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: { projectService: true, extraFileExtensions: ['.svelte'], parser: ts.parser, svelteConfig }
		}
	}
);
