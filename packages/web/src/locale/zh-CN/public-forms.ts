/** 第 7 号需求的文案（public-forms）。 */
export const publicForms = {
  'publicForms.placeholder': '即将推出',
};
