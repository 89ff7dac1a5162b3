/** Waits until the server at `base` answers /readyz with 200; throws after 2 minutes. */
export async function waitReady(base) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base}/readyz did not answer within 2 minutes`);
}
