// Fixtures of the catalog contracts (models, shoots, galleries, favourites, home, feed) for tests of any layer.
import type { ChapterImages, FavouriteList, Feed, Home, ModelDetail, ModelList, ModelSummary, ShootDetail, ShootImage, ShootList, ShootSummary } from '@velora/shared';
import { videoFixture } from './render-app';

export const modelFixture = (id: number, overrides: Partial<ModelSummary> = {}): ModelSummary => ({
  id,
  name_en: `Model ${id}`,
  image: `/media/models/${id}-510x660.jpg`,
  image_square: `/media/models/${id}-400x400.jpg`,
  country: 'DE',
  video_count: 3,
  shoot_count: 2,
  is_favourite: false,
  ...overrides,
});

export const modelDetailFixture = (id: number, overrides: Partial<ModelDetail> = {}): ModelDetail => ({
  ...modelFixture(id),
  description: 'A generated demo model.',
  cameras: [],
  message_name: null,
  ...overrides,
});

export const modelListFixture = (params: Partial<ModelList['params']> = {}, models = [modelFixture(1), modelFixture(2)], pages = 3): ModelList => ({
  models,
  params: { page: 1, order: 'newest', ...params },
  total: models.length * pages,
  per_page: 24,
  pages,
});

export const shootFixture = (id: number, overrides: Partial<ShootSummary> = {}): ShootSummary => ({
  id,
  title: `Shoot ${id}`,
  model: { id: 1, name_en: 'Model 1' },
  published_at: 1_700_000_000,
  cover: `/media/shoots/${id}-900x500.jpg`,
  cover_small: `/media/shoots/${id}-370x206.jpg`,
  video_count: 2,
  image_count: 12,
  is_favourite: false,
  ...overrides,
});

export const shootListFixture = (params: Partial<ShootList['params']> = {}, shoots = [shootFixture(1), shootFixture(2)], pages = 1): ShootList => ({
  shoots,
  params: { page: 1, order: 'newest', ...params },
  total: shoots.length * pages,
  per_page: 24,
  pages,
});

export const chapterFixture = (id: number, imageCount = 3) => ({ id, title: `Chapter ${id}`, image_count: imageCount, cover: `/media/chapters/${id}-400x400.jpg` });

export const shootDetailFixture = (id: number, overrides: Partial<ShootDetail> = {}): ShootDetail => ({
  ...shootFixture(id),
  description: 'A generated demo shoot.',
  videos: [videoFixture(21), videoFixture(22), videoFixture(23)],
  chapters: [chapterFixture(5), chapterFixture(6, 2)],
  unlocked: true,
  ...overrides,
});

export const imageFixture = (id: number, overrides: Partial<ShootImage> = {}): ShootImage => ({
  id,
  url: `/media/images/${id}-1280.jpg`,
  thumbnail: `/media/images/${id}-400x400.jpg`,
  width: 1280,
  height: 853,
  is_favourite: false,
  ...overrides,
});

export const chapterImagesFixture = (shootId: number, chapterId: number, images = [imageFixture(101), imageFixture(102), imageFixture(103)]): ChapterImages => ({
  shoot: shootFixture(shootId),
  chapter: { ...chapterFixture(chapterId), image_count: images.length },
  chapters: [chapterFixture(5), chapterFixture(6, 2)],
  images,
});

export const favouriteListFixture = (kind: FavouriteList['params']['kind'], items: FavouriteList['items'], page = 1, pages = 1): FavouriteList => ({
  items,
  params: { page, kind },
  total: items.length,
  per_page: 24,
  pages,
});

export const feedFixture = (items = [shootFixture(1)], personal = true): Feed => ({ items, params: { page: 1 }, total: items.length, per_page: 24, pages: 1, personal });

export const homeFixture = (sections: Home['sections']): Home => ({ sections });
