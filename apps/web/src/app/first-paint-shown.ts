/** Longest the app waits for first-paint's images before drawing over them (a slow remote banner). */
const IMAGE_WAIT_MS = 300;

/**
 * Resolves once the images first-paint drew (src/first-paint) are on screen, or after
 * IMAGE_WAIT_MS: the app's first render puts the same images in their place, and replacing one
 * before it has shown would make it blink.
 */
export async function firstPaintShown(root: HTMLElement): Promise<void> {
  const images = [...root.querySelectorAll('img')];
  if (images.length === 0) return;
  const decoded = Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  await Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, IMAGE_WAIT_MS))]);
  // The frame that paints them.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}
