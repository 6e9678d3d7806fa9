import '@/i18n/page-messages'
import { useEffect, useState } from 'react'
import Taro, { useReachBottom } from '@tarojs/taro'
import { View, Text, Image, Button } from '@tarojs/components'
import { observer } from 'mobx-react'
import type { Comment } from '@core/wire/posts'
import ChatAvatar from '@/components/chat-avatar'
import CommentBar from '@/components/comment-bar'
import LikeButton from '@/components/like-button'
import PageHeader from '@/components/page-header'
import PostFields from '@/components/post-fields'
import ShareButton from '@/components/share-button'
import SignInOffer from '@/components/sign-in-offer'
import StateView from '@/components/state-view'
import { t } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { currentParams } from '@/router'
import { isShareHidden, shareLink, type ShareContent } from '@/services/share'
import { useShare } from '@/services/share/use-share'
import { usePageStore, useStores } from '@/stores/context'
import type { PostEditStore } from '@/stores/posts/post-edit-store'
import { PostDetailStore } from '@/stores/posts/post-detail-store'
import { modal, toast } from '@/utils/feedback'
import { askReportReason } from '@/utils/report-sheet'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { formatCount } from '@/utils/format-number'
import { mediaUrl } from '@/utils/media-url'
import { pressable } from '@/utils/pressable'
import { disabledIf } from '@/utils/disabled-if'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/post/index'

function reportFailure (message: string | null): void {
  if (message) void toast(message)
}

/** Who wrote a post or a comment, and when: the chat's avatar (a picture, or the initial on the author's colour), the name, the time. */
function Byline ({ author, createdAt }: { author: Comment['author'], createdAt: number }) {
  return (
    <View className='post-page__author'>
      <ChatAvatar user={author} className='post-page__avatar' />
      <Text className='post-page__nickname'>{author.nickname}</Text>
      <Text className='post-page__time'>{formatDate(fromUnixSeconds(createdAt), 'MM-DD HH:mm')}</Text>
    </View>
  )
}

/** One comment: its author, text and the reply, edit (its author) and delete taps (delete: its author, or a moderator). */
const CommentRow = observer(function CommentRow ({ comment, store, reply }: { comment: Comment, store: PostDetailStore, reply: boolean }) {
  const remove = async () => {
    if (await modal({ content: t('commentDeleteConfirm') })) reportFailure(await store.deleteComment(comment))
  }
  return (
    <View className={`post-page__comment${reply ? ' post-page__comment--reply' : ''}`}>
      <Byline author={comment.author} createdAt={comment.created_at} />
      <Text className='post-page__comment-text'>{comment.content}</Text>
      <View className='post-page__comment-actions'>
        {comment.edited_at !== null && <Text className='post-page__edited'>{t('postEdited')}</Text>}
        <Text className='post-page__reply' {...pressable(() => store.setReplyTo(comment))}>{t('commentReply')}</Text>
        {store.isMineComment(comment) && <Text className='post-page__comment-edit' {...pressable(() => store.startCommentEdit(comment))}>{t('commentEdit')}</Text>}
        {store.canDeleteComment(comment) && <Text className='post-page__delete' {...pressable(() => { void remove() })}>{t('commentDelete')}</Text>}
      </View>
    </View>
  )
})

/** The comment composer at the bottom: the reply target (or the comment being edited) over the shared comment bar. */
const CommentComposer = observer(function CommentComposer ({ store, onSend }: { store: PostDetailStore, onSend: () => void }) {
  return (
    <View className='post-page__composer'>
      {store.replyTo && (
        <Text className='post-page__replying' onClick={() => store.setReplyTo(null)}>
          {t('commentReplyTo', { name: store.replyTo.author.nickname })}
        </Text>
      )}
      {store.editingComment && (
        <Text className='post-page__replying post-page__editing' {...pressable(() => store.cancelCommentEdit())}>{t('commentEditing')}</Text>
      )}
      <CommentBar draft={store.draft} placeholder={t('commentPlaceholder')} onSend={onSend} sendLabel={store.editingComment ? t('commentEditSave') : undefined} />
    </View>
  )
})

/** The author's edit of the post in place — title and text, each refusal under its field. */
const PostEditForm = observer(function PostEditForm ({ store, edit }: { store: PostDetailStore, edit: PostEditStore }) {
  const save = async () => {
    if (await store.saveEdit()) void toast(t('saved'))
  }
  return (
    <View className='post-page__edit'>
      <PostFields text={edit.text} />
      {edit.error && <Text className='post-page__error'>{edit.error}</Text>}
      <View className='post-page__edit-actions'>
        <Button className='post-page__edit-cancel' size='mini' onClick={() => store.cancelEdit()}>{t('postEditCancel')}</Button>
        <Button className='post-page__edit-save' size='mini' type='primary' loading={edit.saving} disabled={disabledIf(edit.saving)} onClick={() => { void save() }}>{t('postEditSave')}</Button>
      </View>
    </View>
  )
})

/** The loaded post: text, images (full-screen viewer on tap), like, share, the author's edit, delete (author or moderator), comments in threads. */
const PostBody = observer(function PostBody ({ store, shareHidden }: { store: PostDetailStore, shareHidden: boolean }) {
  const root = useStores()
  const { session } = root
  const post = store.post
  if (!post) return null
  // a post without pictures of its own (the seeded ones) shows its cover
  const urls = (post.images.length > 0 ? post.images.map(image => image.url) : [post.cover]).map(url => mediaUrl(url)).filter(url => url !== '')
  const preview = (current: string) => { Taro.previewImage({ urls, current }).catch(error => console.warn('[post] image viewer:', error)) }
  const like = async () => {
    await session.ensureSignedIn()
    const failure = await store.toggleLike()
    reportFailure(failure)
    // a guest who wrote is offered an account (signing up keeps what they wrote)
    if (failure === null) root.offerSignIn()
  }
  const reportPost = async () => {
    const reason = await askReportReason()
    if (reason !== null) await toast((await store.report(reason)) ?? t('chatReportSent'))
  }
  const removePost = async () => {
    if (await modal({ content: t('postDeleteConfirm') })) reportFailure(await store.deletePost())
  }
  const send = async () => {
    await session.ensureSignedIn()
    if (await store.sendComment()) root.offerSignIn()
  }
  const end = store.commentsLoad.isLoading ? t('loadingMore') : store.commentsHaveMore ? '' : store.comments.length === 0 ? t('commentsEmpty') : t('noMore')
  return (
    <View>
      <View className='post-page__post'>
        <Byline author={post.author} createdAt={post.created_at} />
        {store.edit
          ? <PostEditForm store={store} edit={store.edit} />
          : (
            <View>
              <Text className='post-page__title'>{post.title}</Text>
              {post.edited_at !== null && <Text className='post-page__edited'>{t('postEdited')}</Text>}
              <Text className='post-page__text'>{post.content}</Text>
            </View>
            )}
        {urls.length > 0 && (
          <View className='post-page__images'>
            {urls.map(url => <Image key={url} className='post-page__image' src={url} mode='aspectFill' nativeProps={{ alt: post.title }} onClick={() => preview(url)} />)}
          </View>
        )}
        <View className='post-page__actions'>
          <LikeButton className='post-page__like' liked={post.liked} count={post.like_count} onLike={() => { void like() }} />
          <Text className='post-page__count'>{t('postComments', { count: formatCount(post.comment_count) })}</Text>
          <ShareButton link={shareLink({ serverId: post.server_id, postId: post.post_id })} hidden={shareHidden} />
          {store.isMine && !store.edit && <Text className='post-page__edit-open' {...pressable(() => store.startEdit())}>{t('postEdit')}</Text>}
          {store.canDelete && <Text className='post-page__delete' {...pressable(() => { void removePost() })}>{t('postDelete')}</Text>}
          {store.canReport && <Text className='post-page__report' data-testid='post-report' {...pressable(() => { void reportPost() })}>{t('chatReport')}</Text>}
        </View>
      </View>
      <View className='post-page__comments'>
        {store.threads.map(thread => (
          <View key={thread.comment.comment_id}>
            <CommentRow comment={thread.comment} store={store} reply={false} />
            {thread.replies.map(reply => <CommentRow key={reply.comment_id} comment={reply} store={store} reply />)}
          </View>
        ))}
        <Text className='post-page__end'>{store.commentsLoad.error ?? end}</Text>
      </View>
      <CommentComposer store={store} onSend={() => { void send() }} />
    </View>
  )
})

/** A post's own page (`pages/post/index?post_id=`), shareable: the share card names the post. */
function PostPage () {
  const store = usePageStore(root => {
    const created = new PostDetailStore(root.posts, {
      logger: root.logger,
      myUid: () => root.session.user?.uid ?? null,
      mayModerate: channelId => root.permissions.can('ManageMessages', channelId),
      focusServer: serverId => root.permissions.focus(serverId), // the post's server, not the current one
      report: body => root.trust.report(body), // A post can be reported to the moderators
    })
    created.attach(root.gateway)
    return created
  })
  const [params] = useState(() => currentParams())
  const postId = params.post_id ?? ''
  const shareHidden = isShareHidden(params)

  usePageLifecycle(PAGE_PATH, {
    load: () => { if (postId !== '') void store.open(postId) },
  })
  useReachBottom(() => { if (store.commentsHaveMore) void store.loadComments() })
  useEffect(() => () => store.dispose(), [store])

  const post = store.post
  const share: ShareContent | null = post
    ? { title: post.title, desc: post.content.slice(0, 60), imageUrl: post.cover, target: { serverId: post.server_id, postId: post.post_id } }
    : null
  useShare(share, shareHidden)

  let body
  if (postId === '') body = <StateView status='empty' message={t('notFoundTitle')} />
  else if (store.deleted) body = <StateView status='empty' message={t('postDeleted')} />
  else if (store.status === 'idle' || store.status === 'loading') body = <StateView status='loading' />
  else if (store.status === 'error') body = <StateView status='error' message={store.error} retryable={store.retryable} onRetry={() => { void store.load() }} />
  else body = <PostBody store={store} shareHidden={shareHidden} />
  return (
    <View className='post-page'>
      {/* The post's title and a way back (to its server's Home when opened from a link) */}
      <PageHeader title={post?.title ?? t('pageTitlePost')} homeQuery={post ? { server_id: post.server_id } : undefined} />
      <SignInOffer />
      {body}
    </View>
  )
}

export default observer(PostPage)
