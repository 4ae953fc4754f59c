import { PLANS } from '@rl/contract/constants';
import { Spin } from 'antd';
import { useUserStore } from '../../../stores/user-store';
import { CollectionFiles } from './collection-files';
import { CollectionList } from './collection-list';
import { CollectionsOffer } from './collections-offer';

interface CollectionsTabProps {
  /** The open collection, if any (it lives in the URL). */
  collectionId: string | null;
  onOpen(id: string | null): void;
}

/** Collections on a plan that has them; what the paid plan offers on one that does not. */
export function CollectionsTab({ collectionId, onOpen }: CollectionsTabProps) {
  const plan = useUserStore((s) => s.user?.plan);
  if (!plan) return <Spin className="rl-bookmarks__loading" />;
  if (!PLANS[plan].collections) return <CollectionsOffer />;
  if (collectionId)
    return <CollectionFiles key={collectionId} collectionId={collectionId} onBack={() => onOpen(null)} />;
  return <CollectionList onOpen={onOpen} />;
}
