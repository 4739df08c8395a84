// Package seo serves robots.txt and sitemap.xml.
//
// The sitemap lists the web app's static routes (from its route manifest)
// minus private areas, as absolute URLs under BASE_URL, plus whatever the
// registered Providers return, so a feature such as the blog can add its
// posts without this package knowing about it.
package seo
