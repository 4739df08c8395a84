import { PostView } from '../components/post-view';

/** /blog/{slug}: one published post (no query library on this page: see useLoad). */
export default function BlogPostPage() {
  return <PostView />;
}
