import { SECURITY_CHECK_FAILED, SECURITY_CHECK_REQUIRED } from '@rl/contract';
import type { Bilingual } from './bilingual.js';

/** The administrator console, DMCA complaints, contact messages and the public forms' security check. */
export const adminMessages = {
  userNotFound: { en: 'User not found', zh: '用户不存在' },
  trialLevelNoExpiry: {
    en: 'user_level_expire_time: must be null for the trial level',
    zh: 'user_level_expire_time：试用等级不能设置到期时间',
  },
  expiryInPast: {
    en: 'user_level_expire_time: must be in the future',
    zh: 'user_level_expire_time：必须是将来的时间',
  },
  fileStillProcessing: {
    en: 'The file is still being processed; edit its details once it is ready',
    zh: '文件仍在处理中，请在处理完成后再编辑其信息',
  },
  storedPdfMissing: { en: 'The stored PDF of this file is missing', zh: '该文件存储的 PDF 已丢失' },
  cannotRemoveOwnAdmin: {
    en: 'You cannot remove the admin role from your own account',
    zh: '不能取消您自己账号的管理员角色',
  },
  needsLoginAddress: {
    en: 'The account needs an e-mail or a mobile number to log in',
    zh: '该账号需要电子邮箱或手机号码才能登录',
  },
  cannotDisableSelf: { en: 'You cannot disable your own account', zh: '不能停用您自己的账号' },
  cannotDeleteSelf: { en: 'You cannot delete your own account', zh: '不能删除您自己的账号' },
  complaintNotFound: { en: 'Complaint not found', zh: '投诉不存在' },
  dmcaNeedsFile: { en: 'Link the complaint to an existing file first', zh: '请先将投诉关联到一个现有文件' },
  dmcaNoSuchFile: { en: 'No file has this id', zh: '没有该 ID 的文件' },
  dmcaCounterNoticeAfterAccepted: {
    en: 'A counter-notice answers an accepted complaint',
    zh: '只有已受理的投诉才能提交反通知',
  },
  dmcaCounterNoticeOpen: {
    en: 'Decide the open counter-notice first: restore the file or reject the counter-notice',
    zh: '请先处理未决的反通知：恢复文件或驳回反通知',
  },
  counterNoticeNotFound: { en: 'Counter-notice not found', zh: '反通知不存在' },
  counterNoticeNotTakingDown: {
    en: 'This complaint does not keep your file down',
    zh: '该投诉并未使您的文件下架',
  },
  counterNoticeAlreadyOpen: {
    en: 'A counter-notice to this complaint is already being handled',
    zh: '针对该投诉的反通知正在处理中',
  },
  counterNoticeHandled: { en: 'This counter-notice was already handled', zh: '该反通知已处理' },
  messageNotFound: { en: 'Message not found', zh: '留言不存在' },
  securityCheckRequired: { en: SECURITY_CHECK_REQUIRED, zh: '请完成安全验证' },
  securityCheckFailed: { en: SECURITY_CHECK_FAILED, zh: '安全验证失败或已过期，请重试' },
} satisfies Record<string, Bilingual>;
