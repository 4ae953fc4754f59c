import { REGION_MESSAGE } from '@rl/contract';
import type { Bilingual } from './bilingual.js';

/**
 * The walls of plans and quotas (modules/quota): which rule refused the call, with its numbers
 * and when it lifts. Dates are YYYY-MM-DD, times UTC.
 */
export const wallsMessages = {
  wallFileAge: {
    en: 'The free plan opens reports published today or more than one year ago: this one opens on {opens}. The institutional plan opens every report now.',
    zh: '免费版只能打开当天发布或发布超过一年的研报：本研报将于 {opens} 开放。机构版可立即打开所有研报。',
  },
  wallMonthlyReportFree: {
    en: 'You have read all {limit} reports of the free plan this month; more from {renews}. The institutional plan has no report limit.',
    zh: '本月免费版的 {limit} 篇研报已用完，{renews} 起恢复。机构版阅读研报不限次数。',
  },
  wallMonthlySearchFree: {
    en: 'You have used all {limit} searches of the free plan this month; more from {renews}. The institutional plan has no search limit.',
    zh: '本月免费版的 {limit} 次搜索已用完，{renews} 起恢复。机构版搜索不限次数。',
  },
  wallMonthlyChatFree: {
    en: 'You have used all {limit} conversations of the free plan this month; more from {renews}. The institutional plan has no conversation limit.',
    zh: '本月免费版的 {limit} 次对话已用完，{renews} 起恢复。机构版对话不限次数。',
  },
  wallMonthlyAbstractFree: {
    en: 'You have used all {limit} summaries of the free plan this month; more from {renews}. The institutional plan has no summary limit.',
    zh: '本月免费版的 {limit} 次摘要已用完，{renews} 起恢复。机构版摘要不限次数。',
  },
  wallMonthlyTranslateFree: {
    en: 'You have used all {limit} translations of the free plan this month; more from {renews}. The institutional plan includes {paid} a month.',
    zh: '本月免费版的 {limit} 次翻译已用完，{renews} 起恢复。机构版每月可翻译 {paid} 次。',
  },
  wallMonthlyTranslatePaid: {
    en: 'You have used all {limit} translations of your plan this month. They renew on {renews}.',
    zh: '本月套餐的 {limit} 次翻译已用完，将于 {renews} 恢复。',
  },
  wallMonthlyDownloadPaid: {
    en: 'You have used all {limit} downloads of your plan this month. They renew on {renews}.',
    zh: '本月套餐的 {limit} 次下载已用完，将于 {renews} 恢复。',
  },
  wallMonthlyOtherPaid: {
    en: 'This monthly quota of your plan ({limit}) is used up. It renews on {renews}.',
    zh: '本月套餐的此项额度（{limit} 次）已用完，将于 {renews} 恢复。',
  },
  wallDailyDownloads: {
    en: 'You have used all {limit} downloads of today. They renew at {renews} UTC.',
    zh: '今日的 {limit} 次下载已用完，将于 {renews}（UTC）恢复。',
  },
  wallDailyTokens: {
    en: 'Your daily AI budget ({tokensIn} input and {tokensOut} output tokens) is used up. It renews at {renews} UTC.',
    zh: '今日的 AI 额度（输入 {tokensIn}、输出 {tokensOut} 个 token）已用完，将于 {renews}（UTC）恢复。',
  },
  wallUploadCountFree: {
    en: 'Your plan holds up to {limit} uploaded files. Delete one of them, or subscribe to the institutional plan for up to {paid} files.',
    zh: '当前套餐最多保存 {limit} 个上传文件。请删除一个文件，或订阅机构版（最多 {paid} 个文件）。',
  },
  wallUploadCountPaid: {
    en: 'Your plan holds up to {limit} uploaded files. Delete one of them to upload another.',
    zh: '当前套餐最多保存 {limit} 个上传文件。请删除一个文件后再上传。',
  },
  wallFollowsFree: {
    en: 'Your plan follows up to {limit} companies, brokers, sectors, analysts and saved searches. Remove one, or subscribe to the institutional plan to follow as many as you like.',
    zh: '当前套餐最多关注 {limit} 个公司、机构、行业、分析师和保存的搜索。请取消一个关注，或订阅机构版以不限数量关注。',
  },
  wallFollowsMax: {
    en: 'You can follow at most {limit} companies, brokers, sectors, analysts and saved searches. Remove one to follow another.',
    zh: '最多可关注 {limit} 个公司、机构、行业、分析师和保存的搜索。请取消一个后再关注。',
  },
  wallNotIncludedDownloads: {
    en: 'Downloads are not included in the free plan. The institutional plan includes {daily} a day and {monthly} a month.',
    zh: '免费版不含下载。机构版每天可下载 {daily} 次，每月 {monthly} 次。',
  },
  wallNotIncludedCollections: {
    en: 'Collections are not included in the free plan. Subscribe to the institutional plan to use them.',
    zh: '免费版不含收藏夹。订阅机构版即可使用。',
  },
  wallNotIncludedPublishing: {
    en: 'Publishing to the library is part of the institutional plan. Subscribe to share your uploads.',
    zh: '发布到研报库是机构版的功能。订阅后即可分享您的上传。',
  },
  wallNotIncludedOther: {
    en: 'This is not included in the free plan. Subscribe to the institutional plan to use it.',
    zh: '免费版不含此功能。订阅机构版即可使用。',
  },
  wallRegion: {
    en: REGION_MESSAGE,
    zh: '您所在的地区暂不支持此功能',
  },
} satisfies Record<string, Bilingual>;
