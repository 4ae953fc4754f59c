import type { Bilingual } from './bilingual.js';

/** Logins, sessions, signups, verification codes and the account's own settings. */
export const accountsMessages = {
  notLoggedIn: { en: 'Please login first', zh: '请先登录' },
  loginExpired: { en: 'Login expired, please login again', zh: '登录已过期，请重新登录' },
  adminLoginFirst: { en: 'Please login as an administrator', zh: '请以管理员身份登录' },
  tooFrequent: { en: 'Request too frequent, please try again later', zh: '请求过于频繁，请稍后再试' },
  codesPerTargetToday: {
    en: 'Too many codes were sent to this address today; please try again tomorrow',
    zh: '今天发送到该地址的验证码过多，请明天再试',
  },
  codesPerIpToday: {
    en: 'Too many codes were requested from your network today; please try again tomorrow',
    zh: '今天从您的网络请求的验证码过多，请明天再试',
  },
  codeWrong: { en: 'The verification code is wrong', zh: '验证码错误' },
  codeExpired: {
    en: 'The verification code has expired; please request a new one',
    zh: '验证码已过期，请重新获取',
  },
  codeSpent: { en: 'Too many wrong tries; please request a new code', zh: '错误次数过多，请重新获取验证码' },
  signupTooFrequent: {
    en: 'Too many signup attempts; please try again later',
    zh: '注册尝试次数过多，请稍后再试',
  },
  invalidCredentials: { en: 'Incorrect username or password', zh: '用户名或密码错误' },
  accountDisabled: {
    en: 'This account is disabled; please contact an administrator',
    zh: '该账号已被停用，请联系管理员',
  },
  loginLocked: {
    en: 'Too many failed logins on this account; please try again in {minutes} min',
    zh: '该账号登录失败次数过多，请 {minutes} 分钟后再试',
  },
  loginLockedFromHere: {
    en: 'Too many failed logins on this account from your network; please try again in {minutes} min',
    zh: '您的网络在该账号上登录失败次数过多，请 {minutes} 分钟后再试',
  },
  loginsFromNetwork: {
    en: 'Too many login attempts from your network ({limit} a minute); please try again in {minutes} min',
    zh: '您所在网络的登录尝试过多（每分钟 {limit} 次），请 {minutes} 分钟后再试',
  },
  loginCodesPerHour: {
    en: 'Too many login codes were sent to this account ({limit} an hour); please try again in {minutes} min',
    zh: '发送到该账号的登录验证码过多（每小时 {limit} 个），请 {minutes} 分钟后再试',
  },
  underAttackCodeNeeded: {
    en: 'Many failed logins were made on this account recently. If your password is right, we have sent a verification code to the e-mail or mobile of the account: enter it to log in.',
    zh: '该账号最近有多次登录失败。如果您的密码正确，我们已向该账号的电子邮箱或手机发送了验证码：请输入验证码登录。',
  },
  underAttackWrong: {
    en: 'Many failed logins were made on this account recently: the password or the verification code is wrong.',
    zh: '该账号最近有多次登录失败：密码或验证码错误。',
  },
  enterCodeSentTo: {
    en: 'Enter the verification code we sent to {sentTo}',
    zh: '请输入我们发送到 {sentTo} 的验证码',
  },
  wrongPasswordsLocked: {
    en: 'Too many wrong passwords on this account; please try again in {minutes} min',
    zh: '该账号密码错误次数过多，请 {minutes} 分钟后再试',
  },
  accountGone: { en: 'This account no longer exists', zh: '该账号已不存在' },
  wrongCurrentPassword: { en: 'Your current password is wrong', zh: '当前密码错误' },
  usernameTaken: { en: 'This username is already taken', zh: '该用户名已被占用' },
  emailTaken: { en: 'This e-mail is already registered', zh: '该电子邮箱已被注册' },
  phoneTaken: { en: 'This mobile number is already registered', zh: '该手机号码已被注册' },
  // The e-mail or SMS that carries a code, or the notice sent instead (auth/code-messages.ts).
  codeMailSubject: { en: 'Verification code {code}', zh: '验证码 {code}' },
  codeMailText: {
    en: 'Your verification code is {code}. Enter it {purpose}. It is valid for {minutes} minutes. If you did not ask for it, ignore this message.',
    zh: '您的验证码是 {code}，请输入它以{purpose}。验证码 {minutes} 分钟内有效。如非本人操作，请忽略本消息。',
  },
  codeForSignup: { en: 'to finish signing up', zh: '完成注册' },
  codeForLogin: { en: 'to log in from a new device', zh: '在新设备上登录' },
  codeForChangeEmail: { en: 'to confirm your new e-mail address', zh: '确认您的新电子邮箱地址' },
  codeForBindMobile: { en: 'to confirm your mobile number', zh: '确认您的手机号码' },
  noticeText: {
    en: 'Someone asked for a code to {purpose} this address. {notice} If you did not ask for it, ignore this message.',
    zh: '有人请求向此地址发送验证码，用于{purpose}。{notice}如非本人操作，请忽略本消息。',
  },
  noticeForSignup: { en: 'sign up with', zh: '注册' },
  noticeForLogin: { en: 'log in with', zh: '登录' },
  noticeForAccount: { en: 'add to an account', zh: '添加到账号' },
  noticeAccountExistsSubject: { en: 'You already have an account', zh: '您已经有账号了' },
  noticeAccountExists: {
    en: 'This address already belongs to an account, so no code was sent. If that account is yours, log in with your username, e-mail or mobile number and password. If you no longer know the password, write to us through the contact page and an administrator will reset it.',
    zh: '此地址已属于一个账号，因此没有发送验证码。如果该账号是您的，请使用用户名、电子邮箱或手机号码和密码登录。如果您忘记了密码，请通过联系页面给我们留言，管理员会为您重置。',
  },
  noticeNoAccountSubject: { en: 'No account uses this address', zh: '没有账号使用此地址' },
  noticeNoAccount: {
    en: 'No account uses this address, so no code was sent. If it was you, you can sign up with this address, or log in with the address your account uses.',
    zh: '没有账号使用此地址，因此没有发送验证码。如果是您本人，可以用此地址注册，或使用您账号所用的地址登录。',
  },
} satisfies Record<string, Bilingual>;
