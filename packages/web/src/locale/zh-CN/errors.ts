import type { errors as en } from '../en-US/errors';

export const errors: Record<keyof typeof en, string> = {
  'errors.request.failed': '请求失败，请稍后重试',
  'errors.request.tooFrequent': '请求过于频繁，请稍后重试',
  'errors.generic': '错误',
  'errors.network': '无法连接服务器，请检查网络',
  'errors.badResponse': '服务器返回了无法识别的数据，请稍后重试',
  'errors.notAuthorized.title': '未授权',
  'errors.loginExpired': '登录已过期，请重新登录',
  'errors.backToLogin': '返回登录',
  'errors.noPermission': '您没有权限',
  'errors.download.failed': '请稍后重试',
  'errors.upload.failed': '文件提交失败',
  'errors.delete.failed': '删除文件失败',
  'errors.dialogHistory.failed': '加载对话记录失败',
  'errors.dmca.title': '校验错误',
  'errors.dmca.submit': '表单提交出错',
  'errors.dmca.securityCheck': '请完成安全验证',
  'errors.dmca.checkAll': '请勾选所有选项',
  'errors.pageCrashed': '页面的这一部分显示时出错。',
};
