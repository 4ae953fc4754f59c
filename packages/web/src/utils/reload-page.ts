/** Reloads the page (after a login); its own module so tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}
