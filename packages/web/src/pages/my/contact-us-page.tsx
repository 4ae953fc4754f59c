/** The route's module (router/routes.tsx); the page lives in its own folder. */
export { ContactUsPage } from './contact-us/contact-us-page';
