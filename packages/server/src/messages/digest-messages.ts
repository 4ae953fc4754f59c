import type { Bilingual } from './bilingual.js';

/** The e-mail digest of new reports and its unsubscribe page. */
export const digestMessages = {
  digestSubjectDaily: {
    en: 'Your daily digest of new reports on what you follow: {count}',
    zh: '每日摘要：您关注的内容有 {count} 篇新报告',
  },
  digestSubjectWeekly: {
    en: 'Your weekly digest of new reports on what you follow: {count}',
    zh: '每周摘要：您关注的内容有 {count} 篇新报告',
  },
  digestIntro: {
    en: 'New reports on the companies, brokers, sectors, analysts and searches you follow, since {since}.',
    zh: '自 {since} 以来，您关注的公司、机构、行业、分析师和搜索有以下新报告。',
  },
  digestRatingChanges: { en: 'Rating changes', zh: '评级变动' },
  digestOtherReports: { en: 'New reports', zh: '新报告' },
  digestUpgraded: { en: 'upgraded to {rating}', zh: '上调至{rating}' },
  digestDowngraded: { en: 'downgraded to {rating}', zh: '下调至{rating}' },
  digestInitiated: { en: 'initiated at {rating}', zh: '首次覆盖，评级{rating}' },
  digestMaintained: { en: '{rating} maintained', zh: '维持{rating}' },
  digestRating: { en: 'rated {rating}', zh: '评级{rating}' },
  digestFromRating: { en: '(from {rating})', zh: '（原为{rating}）' },
  digestTarget: { en: 'target {target}', zh: '目标价 {target}' },
  digestPreviousTarget: { en: '(was {target})', zh: '（原为 {target}）' },
  digestMore: {
    en: '…and {count} more in your inbox.',
    zh: '……另有 {count} 篇，请在收件箱中查看。',
  },
  digestInboxLink: { en: 'Your inbox: {url}', zh: '收件箱：{url}' },
  digestWhyDaily: {
    en: 'You receive this daily digest because you follow reports in the research library. Change how often in your settings: {url}',
    zh: '您收到这封每日摘要，是因为您在研报库中关注了报告。可在设置中更改发送频率：{url}',
  },
  digestWhyWeekly: {
    en: 'You receive this weekly digest because you follow reports in the research library. Change how often in your settings: {url}',
    zh: '您收到这封每周摘要，是因为您在研报库中关注了报告。可在设置中更改发送频率：{url}',
  },
  digestUnsubscribeLine: {
    en: 'Stop these e-mails: {url}',
    zh: '退订摘要邮件：{url}',
  },
  unsubscribeTitle: { en: 'Unsubscribe from the digest', zh: '退订摘要邮件' },
  unsubscribeAsk: {
    en: 'Stop the e-mail digest of new reports sent to {email}?',
    zh: '停止向 {email} 发送新报告摘要邮件？',
  },
  unsubscribeButton: { en: 'Unsubscribe', zh: '退订' },
  unsubscribeDone: {
    en: 'Done: no more digests will be sent to {email}. You can turn them on again in your settings.',
    zh: '已退订：不会再向 {email} 发送摘要邮件。您可以在设置中重新开启。',
  },
  unsubscribeAlreadyOff: {
    en: 'The digest is already off for {email}. You can turn it on again in your settings.',
    zh: '{email} 的摘要邮件已是关闭状态。您可以在设置中重新开启。',
  },
  unsubscribeLinkInvalid: {
    en: 'This unsubscribe link is not valid. Use the link of a digest you received, or change the digest in your settings.',
    zh: '此退订链接无效。请使用您收到的摘要邮件中的链接，或在设置中更改摘要邮件。',
  },
  wallDigestDaily: {
    en: 'The free plan sends the digest weekly. Subscribe to the institutional plan for a daily digest.',
    zh: '免费版每周发送一次摘要。订阅机构版即可每日接收摘要。',
  },
} satisfies Record<string, Bilingual>;
