/** What a refused form action answers (made by ./server/forms.ts), as its page reads it. */
export interface FormFailure {
	message: string;
	fields: Record<string, string>;
	/** What the user typed (never passwords), to refill the form. */
	values: Record<string, string>;
}

/** The refusal in a form action's answer, or null when there is none (no answer yet, or a success). */
export function formFailure(form: unknown): FormFailure | null {
	return form !== null && typeof form === 'object' && 'message' in form ? (form as FormFailure) : null;
}
