/**
 * Polls while a payment is pending: runs `task` every `intervalMs` after the
 * previous run has finished (never two at once), skips beats while the tab is
 * hidden and checks at once when it becomes visible again. `task` returns
 * false to stop. Returns a function that stops polling.
 */
export function startPolling(task: () => Promise<boolean>, intervalMs: number): () => void {
	let stopped = false;
	let timer: ReturnType<typeof setTimeout> | undefined;
	let running = false;

	async function beat() {
		if (stopped || running) return;
		if (document.visibilityState === 'hidden') return schedule();
		running = true;
		let again = true;
		try {
			again = await task();
		} catch {
			// A failed poll (network blip) is retried on the next beat.
		} finally {
			running = false;
		}
		if (again) schedule();
		else stop();
	}

	function schedule() {
		if (stopped) return;
		clearTimeout(timer);
		timer = setTimeout(beat, intervalMs);
	}

	function onVisible() {
		if (document.visibilityState === 'visible') {
			clearTimeout(timer);
			void beat();
		}
	}

	function stop() {
		stopped = true;
		clearTimeout(timer);
		document.removeEventListener('visibilitychange', onVisible);
	}

	document.addEventListener('visibilitychange', onVisible);
	schedule();
	return stop;
}
