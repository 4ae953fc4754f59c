import zhCNAntd from 'antd/es/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { zhCN } from './index';

/** Everything Chinese: loaded only when the interface is in Chinese. */
export const bundle = { messages: zhCN, antdLocale: zhCNAntd, dayjsLocale: 'zh-cn' };
