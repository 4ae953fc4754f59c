/** Leaving for another URL (a download link); an object so tests can watch it. */
export const browserNavigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
