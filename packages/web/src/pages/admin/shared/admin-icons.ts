/**
 * The console's icons, by what they stand for. Why a list: the build merges small chunks that
 * only hold side-effect-free code (an icon) into the user app's entry whenever they are shared
 * between lazily loaded chunks. An icon that a lazy chunk of the user app also uses (DeleteOutlined
 * in uploads, EditOutlined in the DMCA form, DownloadOutlined…) would so move into the first screen
 * once the console uses it too. These are either already in the entry or used by the console only.
 * Before adding one: check it is not used under src/ outside pages/admin (or is in the entry).
 */
export {
  AuditOutlined as AuditIcon,
  ClearOutlined as ResetCountersIcon,
  CloudServerOutlined as StorageIcon,
  CommentOutlined as MessagesIcon,
  CrownOutlined as PlanIcon,
  DashboardOutlined as DashboardIcon,
  DownOutlined as MoreIcon,
  FormOutlined as EditIcon,
  HistoryOutlined as HistoryIcon,
  KeyOutlined as PasswordIcon,
  LockOutlined as LockIcon,
  LogoutOutlined as LogoutIcon,
  MenuOutlined as MenuIcon,
  NotificationOutlined as DigestIcon,
  ProfileOutlined as FilesIcon,
  ReloadOutlined as RefreshIcon,
  SafetyOutlined as DmcaIcon,
  StopOutlined as DisableIcon,
  TeamOutlined as UsersIcon,
  ThunderboltOutlined as JobsIcon,
  TranslationOutlined as TranslationsIcon,
  UnlockOutlined as EnableIcon,
  UserDeleteOutlined as DeleteUserIcon,
  UserOutlined as UserIcon,
} from '@ant-design/icons';
