/**
 * The dashboard's sample figures (docs/product.md §11), shown
 * to visitors and until the first real page view is recorded. The period
 * selector does not change them.
 */
export const sampleAnalytics = {
  pageViews: 12543,
  uniqueVisitors: 3421,
  avgSessionDuration: '2m 34s',
  bounceRate: '42.3%',
  topPages: [
    { path: '/', views: 4521, percentage: 36.0 },
    { path: '/resources', views: 2134, percentage: 17.0 },
    { path: '/blog', views: 1876, percentage: 15.0 },
    { path: '/reports', views: 1234, percentage: 9.8 },
    { path: '/resources/roi-calculator', views: 987, percentage: 7.9 },
  ],
  dailyViews: [
    { date: '2025-01-13', views: 1234 },
    { date: '2025-01-14', views: 1456 },
    { date: '2025-01-15', views: 1789 },
    { date: '2025-01-16', views: 2012 },
    { date: '2025-01-17', views: 1876 },
    { date: '2025-01-18', views: 2234 },
    { date: '2025-01-19', views: 1942 },
  ],
} as const;

/** The bar scale of the sample: a bar of 2500 views fills its track (docs/product.md §11). */
export const sampleBarMax = 2500;
