import type { digest as en } from '../en-US/digest';

export const digest: Record<keyof typeof en, string> = {
  'digest.section': '摘要邮件',
  'digest.intro':
    '您关注内容的新研报（评级变动优先）会按您所在时区，每天早上（每日）或每周一早上（每周）发送到您的邮箱。没有新研报时不发送。',
  'digest.frequency': '摘要',
  'digest.frequency.daily': '每日',
  'digest.frequency.weekly': '每周',
  'digest.frequency.off': '关闭',
  'digest.frequency.paidOnly': '{{frequency}}（机构版）',
  'digest.timeZone': '时区',
  'digest.timeZone.notChosen': '取自当前浏览器；点击保存后生效。',
};
