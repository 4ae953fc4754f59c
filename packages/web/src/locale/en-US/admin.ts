/** Messages of issue 7 (admin). */
export const admin = {
  'admin.placeholder': 'Coming soon',
};
