import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

interface ProgressSource {
  subscribe(listener: (state: { navigation: { state: string } }) => void): () => void;
}

/** Shows the progress bar from the start of each navigation until it settles (SPEC.md section 2). */
export function attachNavigationProgress(router: ProgressSource): () => void {
  return router.subscribe((state) => {
    if (state.navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  });
}
