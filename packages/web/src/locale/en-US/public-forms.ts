/** Messages of issue 7 (public-forms). */
export const publicForms = {
  'publicForms.placeholder': 'Coming soon',
};
