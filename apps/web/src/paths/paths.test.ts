import { describe, expect, it } from 'vitest';
import { paths, routePath } from '.';

describe('routePath', () => {
  it('builds paths from names, params and queries', () => {
    expect(routePath('home')).toBe('/');
    expect(routePath('videos')).toBe('/videos');
    expect(routePath('videos', {}, { page: 2, tags: [1, 2], query: null })).toBe('/videos?page=2&tags=1%2C2');
    expect(routePath('shootImages', { galleryId: 4, chapterId: 'b' })).toBe('/shoot/4/images/b');
    expect(routePath('camera', { name: 'ava demo' })).toBe('/camera/ava%20demo');
  });
});

describe('paths', () => {
  it('links to the pages without params', () => {
    expect([paths.home(), paths.forgotPassword(), paths.recentUpdates(), paths.videos(), paths.feeds(), paths.models()]).toEqual([
      '/', '/forgot_password', '/recent_updates', '/videos', '/feeds', '/models',
    ]);
    expect([paths.shoots(), paths.cameras(), paths.userProfile(), paths.userProfileSettings(), paths.paywall()]).toEqual([
      '/shoots', '/cameras', '/user-profile', '/user-profile/settings', '/paywall',
    ]);
  });

  it('fills in ids and names', () => {
    expect(paths.modelProfile(11)).toBe('/profile/11');
    expect(paths.update(5)).toBe('/update/5');
    expect(paths.shootImages(4, 9)).toBe('/shoot/4/images/9');
    expect(paths.camera('ava demo')).toBe('/camera/ava%20demo');
    expect(paths.conversation('ava')).toBe('/messages/ava');
    expect(paths.playdateMessages(3)).toBe('/playdate-messages/3');
    expect(paths.privatePlaydate(4)).toBe('/private-playdate/4');
    expect(paths.publicPlaydate(5)).toBe('/public-playdate/5');
    expect(paths.extendPlaydate(4)).toBe('/playdates/extend-playdate/4');
    expect(paths.studioPlaydateRoom(6)).toBe('/studio/playdates/6');
  });

  it('links the playdate screens and rooms', () => {
    expect([paths.playdates(), paths.playdates(1), paths.playdates(3)]).toEqual(['/playdates', '/playdates', '/playdates?page=3']);
    expect([paths.privatePlaydate(4), paths.publicPlaydate(5), paths.playdateRoom('private', 6), paths.playdateRoom('public', 7)]).toEqual([
      '/private-playdate/4', '/public-playdate/5', '/private-playdate/6', '/public-playdate/7',
    ]);
    expect(paths.requestPrivatePlaydate(9)).toBe('/playdates/request-private-playdate/9');
    expect(paths.extendPlaydate(8)).toBe('/playdates/extend-playdate/8');
    expect(paths.playdateChatReplay('a.b_c-1')).toBe('/playdate-chat-replay?token=a.b_c-1');
    expect([paths.netiquette(), paths.playdateFaq()]).toEqual(['/netiquette', '/playdate-faq']);
  });

  it('selects a shoot video by the hash #video-{id} (product §2)', () => {
    expect(paths.shoot(7)).toBe('/shoot/7');
    expect(paths.shoot(7, 3)).toBe('/shoot/7#video-3');
  });

  it('puts the German blog under /lecker_blog (product §2)', () => {
    expect(paths.blog('en')).toBe('/blog');
    expect(paths.blog('fr', 'spring')).toBe('/blog/spring');
    expect(paths.blog('de')).toBe('/lecker_blog');
    expect(paths.blog('de', 'fruehling')).toBe('/lecker_blog/fruehling');
  });

  it('adds the inbox page only past the first', () => {
    expect(paths.messages()).toBe('/messages');
    expect(paths.messages(1)).toBe('/messages');
    expect(paths.messages(3)).toBe('/messages?page=3');
  });

  it('links the favourites and legal pages by kind and name', () => {
    expect([paths.favourites('model'), paths.favourites('shoot'), paths.favourites('video'), paths.favourites('image'), paths.favourites('camera')]).toEqual([
      '/favourite-models', '/favourite-shoots', '/favourite-videos', '/favourite-images', '/favourite-cams',
    ]);
    expect([paths.legal('contactUs'), paths.legal('report'), paths.legal('agb'), paths.legal('dmca'), paths.legal('prohibitedContent')]).toEqual([
      '/contact-us', '/report', '/agb', '/dmca', '/prohibited_content',
    ]);
  });
});
