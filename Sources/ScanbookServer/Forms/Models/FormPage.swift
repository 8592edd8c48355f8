import Fluent
import Foundation
import Vapor

/// A page of a template: the photo as taken, the corners the page was found at (or dragged to),
/// and the page warped flat, on whose pixels regions are drawn and filled forms aligned.
final class FormPage: Model, @unchecked Sendable {
    static let schema = "form_pages"

    @ID(key: .id) var id: UUID?
    @Parent(key: "template_id") var template: FormTemplate
    /// 1-based, in template order.
    @Field(key: "number") var number: Int
    @Parent(key: "photo_blob_id") var photo: StoredBlob
    @Parent(key: "image_blob_id") var image: StoredBlob
    /// "x,y" of top left, top right, bottom right, bottom left in photo pixels, separated by ";".
    @Field(key: "corners") var corners: String
    @Field(key: "width") var width: Int
    @Field(key: "height") var height: Int
    @Timestamp(key: "created_at", on: .create) var createdAt: Date?

    init() {}

    init(templateID: UUID, number: Int, photoID: UUID, imageID: UUID, corners: String, width: Int, height: Int) {
        self.$template.id = templateID
        self.number = number
        self.$photo.id = photoID
        self.$image.id = imageID
        self.corners = corners
        self.width = width
        self.height = height
    }
}

extension FormPage: ReferencesBlobs { static var blobColumns: [String] { ["photo_blob_id", "image_blob_id"] } }
