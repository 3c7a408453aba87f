import Foundation
import TestSupport
import Testing

@testable import Account

/// Where the store and pictures live, and the state folder, as the environment names them.
@Suite struct CacheDirectoryTests {
    @Test func xdgCacheHomeWinsWhenAbsoluteElseHomesCache() {
        let xdg = CacheDirectory.standard(environment: ["XDG_CACHE_HOME": "/var/cache/", "HOME": "/home/ann"])
        #expect(xdg == CacheDirectory(path: "/var/cache/newsapp", home: "/home/ann"))
        let home = CacheDirectory.standard(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/ann/"])
        #expect(home?.path == "/home/ann/.cache/newsapp")
        #expect(CacheDirectory.standard(environment: ["HOME": "relative"]) == nil)
        #expect(CacheDirectory.standard(environment: [:]) == nil)
    }

    @Test func theStoresAndPicturesAreInsideIt() {
        let directory = CacheDirectory(path: "/home/ann/.cache/newsapp", home: "/home/ann")
        #expect(directory.storePath == "/home/ann/.cache/newsapp/news.sqlite")
        #expect(directory.storeURL.path == "/home/ann/.cache/newsapp/news.sqlite")
        #expect(directory.storePath(.sample) == "/home/ann/.cache/newsapp/sample.sqlite")
        #expect(directory.imagesURL.path.hasSuffix("/newsapp/images"))
        #expect(directory.display(directory.storePath) == "~/.cache/newsapp/news.sqlite")
        #expect(
            directory.abbreviating("/home/ann/.cache/newsapp/news.sqlite is damaged")
                == "~/.cache/newsapp/news.sqlite is damaged")
        let elsewhere = CacheDirectory(path: "/srv/newsapp", home: "/home/ann")
        #expect(elsewhere.abbreviating("/srv/newsapp/news.sqlite") == "/srv/newsapp/news.sqlite")
        #expect(StoreEdition.allCases.map(\.fileName) == ["news.sqlite", "sample.sqlite"])
    }

    @Test func creatingMakesPrivateFoldersAndLeavesOthersAlone() throws {
        let folder = try TemporaryDirectory()
        let directory = CacheDirectory(path: folder.path + "/a/b/newsapp", home: nil)

        try directory.create()
        try directory.create()

        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path + "/a/b", isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
    }

    @Test func aFileInThePathIsOneSentence() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("not a folder", to: "blocked")
        let directory = CacheDirectory(path: file + "/newsapp", home: folder.path)

        #expect(throws: CacheDirectory.Failure(reason: "~/blocked is not a directory")) {
            try directory.create()
        }
    }

    @Test func aFolderThatCannotBeWrittenIsOneSentence() throws {
        // /proc refuses new directories even to root.
        let directory = CacheDirectory(path: "/proc/newsapp-test", home: nil)
        do {
            try directory.create()
            Issue.record("a folder was made under /proc")
        } catch {
            #expect(error.reason.hasPrefix("/proc/newsapp-test cannot be created ("))
        }
    }

    @Test func theStateFolderFollowsXdgStateHomeThenHome() {
        #expect(StateDirectory.path(environment: ["XDG_STATE_HOME": "/state"]) == "/state/newsapp")
        #expect(StateDirectory.path(environment: ["XDG_STATE_HOME": "/state/"]) == "/state/newsapp")
        #expect(
            StateDirectory.path(environment: ["XDG_STATE_HOME": "state", "HOME": "/home/ann"])
                == "/home/ann/.local/state/newsapp")
        #expect(StateDirectory.path(environment: ["HOME": "/home/ann/"]) == "/home/ann/.local/state/newsapp")
        #expect(StateDirectory.path(environment: ["HOME": "ann"]) == nil)
    }
}
