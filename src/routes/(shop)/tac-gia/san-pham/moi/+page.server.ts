import { redirect } from '@sveltejs/kit';
import { z } from 'zod';
import type { Actions, PageServerLoad } from './$types';
import { CreateDraftInput } from '$lib/contracts/studio';
import { config } from '$lib/server/config';
import { formAction } from '$lib/server/forms';
import { serverCaller } from '$lib/server/trpc/server-caller';
import { throwPageError } from '$lib/server/trpc/page-error';
import { draftFromForm } from '$lib/studio-form';
import { studioPaths } from '$lib/studio-paths';
import { requireAuthor } from '../../studio-guard';

export const load: PageServerLoad = async (event) => {
	requireAuthor(event);
	return { categories: await serverCaller(event).catalog.tree().catch(throwPageError), maxFiles: config().uploads.maxFilesPerProduct };
};

export const actions = {
	save: async (event) => {
		requireAuthor(event);
		const outcome = await formAction(event, z.preprocess((v) => draftFromForm(v as Record<string, string>), CreateDraftInput), (input) =>
			serverCaller(event).studio.createProduct(input)
		);
		if (!outcome.ok) return outcome.failure;
		redirect(303, studioPaths.product(outcome.value.id));
	}
} satisfies Actions;
