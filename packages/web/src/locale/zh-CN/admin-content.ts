/** 第 7 号需求的文案（admin-content）。 */
export const adminContent = {
  'adminContent.placeholder': '即将推出',
};
