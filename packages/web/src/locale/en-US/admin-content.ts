/** Messages of issue 7 (admin-content). */
export const adminContent = {
  'adminContent.placeholder': 'Coming soon',
};
