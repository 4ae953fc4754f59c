import { DMCA_ALL_BOXES, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@rl/contract';
import type { Bilingual } from './bilingual.js';

/**
 * The contract's own validation messages (packages/contract), in Chinese too. The error handler
 * finds a message here by its English text (from-english.ts); `{field}` and `{max}` stand for the
 * words a shared rule of the contract fills in, and a field's name below is translated as well.
 */
export const validationMessages = {
  fieldRequired: { en: '{field} is required', zh: '请填写{field}' },
  fieldTooLong: { en: '{field} is too long', zh: '{field}过长' },
  fieldAtMost: { en: '{field} is at most {max} characters', zh: '{field}最多 {max} 个字符' },
  fieldMustBeAtMost: { en: '{field} must be at most {max} characters', zh: '{field}最多 {max} 个字符' },
  fieldBadCharacters: { en: '{field} has invalid characters', zh: '{field}含有无效字符' },
  fieldControlCharacters: { en: '{field} has control characters', zh: '{field}含有控制字符' },
  unknownTimeZone: { en: 'Unknown time zone', zh: '未知的时区' },
  pageIdPositive: { en: 'page_id must be greater than 0', zh: 'page_id 必须大于 0' },
  dateFormat: { en: 'must be a date written YYYY-MM-DD', zh: '日期格式须为 YYYY-MM-DD' },
  dateNotReal: { en: 'is not a real calendar date', zh: '不是真实存在的日期' },
  dateOrder: { en: 'from_date must not be after to_date', zh: 'from_date 不能晚于 to_date' },
  pageOrder: { en: 'min_page must not be greater than max_page', zh: 'min_page 不能大于 max_page' },
  toLangZhHans: { en: 'to_lang must be zh-hans', zh: 'to_lang 必须是 zh-hans' },
  loginCodeDigits: { en: 'The verification code is at least 6 digits', zh: '验证码至少为 6 位数字' },
  codeDigits: { en: 'The verification code is 6 digits', zh: '验证码为 6 位数字' },
  enterCode: { en: 'Please enter the verification code', zh: '请输入验证码' },
  enterUsername: { en: 'Please enter a username', zh: '请输入用户名' },
  enterYourUsername: { en: 'Please enter your username', zh: '请输入您的用户名' },
  usernameLength: {
    en: `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`,
    zh: `用户名须为 ${USERNAME_MIN} 到 ${USERNAME_MAX} 个字符`,
  },
  usernameCharacters: {
    en: 'Username may contain only letters, digits and underscores',
    zh: '用户名只能包含字母、数字和下划线',
  },
  enterEmail: { en: 'Please enter your e-mail', zh: '请输入电子邮箱' },
  validEmail: { en: 'Please enter a valid e-mail', zh: '请输入有效的电子邮箱' },
  enterPassword: { en: 'Please enter a password', zh: '请输入密码' },
  enterYourPassword: { en: 'Please enter your password', zh: '请输入您的密码' },
  passwordLength: {
    en: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
    zh: `密码须为 ${PASSWORD_MIN} 到 ${PASSWORD_MAX} 个字符`,
  },
  passwordLower: { en: 'Password needs a lowercase letter', zh: '密码需要包含小写字母' },
  passwordUpper: { en: 'Password needs an uppercase letter', zh: '密码需要包含大写字母' },
  passwordTooLong: { en: 'Password is too long', zh: '密码过长' },
  enterMobile: { en: 'Please enter your mobile number', zh: '请输入手机号码' },
  validMobile: { en: 'Please enter a valid mobile number', zh: '请输入有效的手机号码' },
  onlyChinaMobiles: { en: 'Only +86 numbers can sign up', zh: '只有 +86 号码可以注册' },
  phoneNotNumber: { en: 'Phone is not a valid number', zh: '电话号码无效' },
  checkAllBoxes: { en: DMCA_ALL_BOXES, zh: '请勾选所有选项' },
  // The names of the public forms' fields, filled into the rules above.
  fieldFirstName: { en: 'First name', zh: '名字' },
  fieldLastName: { en: 'Last name', zh: '姓氏' },
  fieldAddress: { en: 'Address', zh: '地址' },
  fieldCopyrightHolder: { en: 'Copyright holder', zh: '版权所有者' },
  fieldCity: { en: 'City', zh: '城市' },
  fieldState: { en: 'State', zh: '州/省' },
  fieldCountry: { en: 'Country', zh: '国家' },
  fieldZipCode: { en: 'Zip code', zh: '邮政编码' },
  fieldPhone: { en: 'Phone', zh: '电话' },
  fieldFilename: { en: 'Filename', zh: '文件名' },
  fieldDescription: { en: 'Description', zh: '描述' },
  fieldSignature: { en: 'Signature', zh: '签名' },
  fieldFullName: { en: 'Full name', zh: '姓名' },
  fieldStatement: { en: 'Statement', zh: '声明' },
  fieldSubject: { en: 'Subject', zh: '主题' },
  fieldMessage: { en: 'Message', zh: '留言' },
} satisfies Record<string, Bilingual>;
