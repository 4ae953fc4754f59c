/** 第 7 号需求的文案（admin）。 */
export const admin = {
  'admin.placeholder': '即将推出',
};
