import type { Bilingual } from './bilingual.js';

/** Reading, downloading, uploading, collecting, translating and asking about reports. */
export const libraryMessages = {
  fileNotFound: { en: 'File not found', zh: '找不到该文件' },
  noSuchCompany: { en: 'No report in the library covers this company', zh: '资料库中没有覆盖该公司的报告' },
  alreadyInLibrary: { en: 'This report is already in the library', zh: '该报告已在文库中' },
  fileTakenDown: {
    en: 'This file was taken down after a copyright complaint; it cannot be changed',
    zh: '该文件因版权投诉已下架，无法修改',
  },
  linkExpiredReopen: { en: 'This link has expired; reopen the file', zh: '链接已过期，请重新打开文件' },
  linkInvalidReopen: {
    en: 'This link is not valid, or was issued to another session or device; reopen the file',
    zh: '链接无效，或属于其他会话或设备，请重新打开文件',
  },
  downloadLinkInvalid: { en: 'This download link is not valid', zh: '该下载链接无效' },
  downloadLinkExpired: {
    en: 'This download link has expired; download the file again',
    zh: '该下载链接已过期，请重新下载文件',
  },
  downloadLinkNotYours: {
    en: 'This download link belongs to another account: only the account it was issued to may resume it',
    zh: '该下载链接属于其他账号：只有获得该链接的账号才能继续下载',
  },
  rangeNotSatisfiable: { en: 'Requested range is not satisfiable', zh: '请求的字节范围无法满足' },
  chooseFile: { en: 'Please choose a file first', zh: '请先选择文件' },
  notPdf: { en: 'The file is not a PDF', zh: '该文件不是 PDF' },
  emptyFile: { en: 'The file is empty', zh: '文件为空' },
  brokenUpload: {
    en: 'The upload was cut short or is not valid multipart/form-data; please send the file again',
    zh: '上传被中断，或不是有效的 multipart/form-data，请重新发送文件',
  },
  uploadNotStored: {
    en: 'The upload could not be stored; please try again',
    zh: '上传的文件无法保存，请重试',
  },
  freePlanFileTooLarge: {
    en: 'The free plan accepts files up to {max}; the institutional plan allows {paidMax} per file.',
    zh: '免费版单个文件最大 {max}；机构版每个文件最大 {paidMax}。',
  },
  fileTooLarge: {
    en: 'The file is larger than {max}, the most your plan accepts',
    zh: '文件超过 {max}，即您的套餐允许的上限',
  },
  storageFull: {
    en: 'This file would take your uploads past the {total} of storage your plan includes. Delete some files first.',
    zh: '上传此文件将超出您的套餐包含的 {total} 存储空间，请先删除一些文件。',
  },
  uploadNotFound: { en: 'Upload not found', zh: '上传任务不存在' },
  uploadLost: {
    en: 'The uploaded bytes were lost; please upload the file again',
    zh: '已上传的数据丢失，请重新上传文件',
  },
  tooManyUploads: {
    en: 'At most {max} uploads can be under way at once; finish or cancel one first',
    zh: '最多只能同时进行 {max} 个上传，请先完成或取消一个',
  },
  tooManyOneRequestUploads: {
    en: 'At most {max} files can be sent at once; wait for one to finish',
    zh: '最多只能同时发送 {max} 个文件，请等待其中一个完成',
  },
  tooManyChunksInFlight: {
    en: 'At most {max} chunks of uploads can be sent at once; wait for one to finish',
    zh: '最多只能同时发送 {max} 个上传分块，请等待其中一个完成',
  },
  uploadsBusy: {
    en: 'The server is receiving many uploads right now; please try again in a minute',
    zh: '服务器正在接收大量上传，请一分钟后再试',
  },
  chunkEmpty: { en: 'The chunk is empty', zh: '分块为空' },
  chunkPastSize: { en: 'The chunk goes past the declared size', zh: '分块超出了声明的文件大小' },
  chunkSize: {
    en: 'Chunks are {size} bytes long; only the last may be shorter',
    zh: '每个分块长 {size} 字节，只有最后一块可以更短',
  },
  uploadContinuesAt: { en: 'The upload continues at byte {at}', zh: '上传应从第 {at} 字节继续' },
  uploadCompleting: { en: 'The upload is being completed', zh: '上传正在完成' },
  chunkBeingWritten: {
    en: 'A chunk at this offset is being written; try again shortly',
    zh: '该位置的分块正在写入，请稍后再试',
  },
  uploadIncomplete: {
    en: 'The upload is not complete: {received} of {size} bytes',
    zh: '上传尚未完成：已收到 {received} / {size} 字节',
  },
  collectionNotFound: { en: 'Collection not found', zh: '收藏夹不存在' },
  followNotFound: { en: 'You do not follow this', zh: '您未关注此项' },
  issuerFollowKeepsName: {
    en: 'A broker you follow keeps its own name; rename companies, sectors, analysts and searches',
    zh: '关注的机构沿用其名称，不能重命名；公司、行业、分析师和搜索可以重命名',
  },
  collectionNameTaken: { en: 'You already have a collection with this name', zh: '您已有同名的收藏夹' },
  tooManyCollections: {
    en: 'You can have at most {max} collections. Delete one to create another.',
    zh: '最多只能有 {max} 个收藏夹。请删除一个后再创建。',
  },
  collectionFull: {
    en: 'A collection holds at most {max} files. Remove one or use another collection.',
    zh: '一个收藏夹最多容纳 {max} 个文件。请移除一个或使用其他收藏夹。',
  },
  translationUnavailable: { en: 'No translation service is configured', zh: '未配置翻译服务' },
  llmUnavailable: {
    en: 'The AI service is unavailable, please try again later',
    zh: 'AI 服务暂不可用，请稍后再试',
  },
  chatBrokeOff: { en: 'The answer broke off, please try again', zh: '回答中断，请重试' },
  chatNoMatch: {
    en: 'No passage of this report matches the question. Try other words, or a term the report uses.',
    zh: '报告中没有与问题相符的段落。请换个说法，或使用报告中的术语。',
  },
  chatResearchIntro: {
    en: 'What the report states as its call (read from the report; corrections applied):',
    zh: '报告给出的评级与目标价（从报告读取，含人工更正）：',
  },
  chatQuotedIntro: {
    en: 'The passages of the report that best match your question:',
    zh: '报告中与您的问题最相符的段落：',
  },
} satisfies Record<string, Bilingual>;
