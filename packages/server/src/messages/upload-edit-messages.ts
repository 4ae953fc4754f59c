import { MY_FILE_TITLE_MAX } from '@rl/contract';
import type { Bilingual } from './bilingual.js';

/** The owner's edit of an upload's title and publish date (my files). */
export const uploadEditMessages = {
  enterTitle: { en: 'Please enter a title', zh: '请输入标题' },
  titleAtMost: {
    en: `A title is at most ${MY_FILE_TITLE_MAX} characters`,
    zh: `标题最多 ${MY_FILE_TITLE_MAX} 个字符`,
  },
  editNothingGiven: { en: 'Give a new title or publish date', zh: '请填写新的标题或发布日期' },
  publishDateInFuture: {
    en: 'The publish date cannot be later than today ({today})',
    zh: '发布日期不能晚于今天（{today}）',
  },
} satisfies Record<string, Bilingual>;
